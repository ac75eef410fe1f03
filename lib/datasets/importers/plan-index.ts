/** The plans an import has read, by source id: an index into small typed columns, never the plans themselves. */
export class PlanIndex {
  private ids = new Map<string, number>();
  private queryOf: number[] = [];
  private feasible: boolean[] = [];
  /** Plans of each query in file order (query number → plan numbers), for "every two plans form a pair". */
  private byQuery: number[][] = [];
  private sourceIds: string[] = [];
  get size() {
    return this.sourceIds.length;
  }
  has(id: string) {
    return this.ids.has(id);
  }
  add(id: string, query: number, feasible: boolean) {
    const n = this.sourceIds.length;
    this.ids.set(id, n);
    this.sourceIds.push(id);
    this.queryOf.push(query);
    this.feasible.push(feasible);
    (this.byQuery[query] ??= []).push(n);
  }
  lookup(id: string): { n: number; query: number; feasible: boolean } | null {
    const n = this.ids.get(id);
    return n === undefined ? null : { n, query: this.queryOf[n], feasible: this.feasible[n] };
  }
  *allPairs(excludeInfeasible: boolean): Generator<[string, string]> {
    for (const plans of this.byQuery) {
      if (!plans) continue;
      const kept = excludeInfeasible ? plans.filter((n) => this.feasible[n]) : plans;
      for (let i = 0; i < kept.length; i++)
        for (let j = i + 1; j < kept.length; j++) yield [this.sourceIds[kept[i]], this.sourceIds[kept[j]]];
    }
  }
  /** Requests with a plan, and with two or more (feasible ones only when infeasible plans stay out of pairing). */
  requestCounts(excludeInfeasible: boolean): { requestsWithPlans: number; requestsWithTwoPlans: number } {
    let requestsWithPlans = 0,
      requestsWithTwoPlans = 0;
    for (const plans of this.byQuery) {
      if (!plans) continue;
      requestsWithPlans++;
      if ((excludeInfeasible ? plans.filter((n) => this.feasible[n]).length : plans.length) >= 2)
        requestsWithTwoPlans++;
    }
    return { requestsWithPlans, requestsWithTwoPlans };
  }
  infeasible() {
    return this.feasible.filter((f) => !f).length;
  }
}
