"use client";
/** What the last import did: the problems that stopped it (nothing was imported), or what it imported. */
import type { DatasetCounts } from "@/lib/datasets/browser";
import type { ImportOutcome } from "@/lib/platform/browser";
import { count } from "../../format";

const COUNT_LABELS: [keyof DatasetCounts, string][] = [
  ["destinations", "Destinations"],
  ["pois", "POIs"],
  ["queries", "Requests"],
  ["plans", "Plans"],
  ["pairs", "Pairs"],
  ["unresolvedPlaces", "Unresolved places"],
  ["infeasiblePlans", "Plans failing a gate"],
];

/** "1 plan", "3 plans". */
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

export function ImportProblems({ outcome }: { outcome: Extract<ImportOutcome, { ok: false }> }) {
  return (
    <section className="card problems" data-testid="import-problems">
      <h2>Nothing was imported</h2>
      <p className="error">{outcome.message}</p>
      {outcome.problems.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>File</th>
              <th className="num">Record</th>
              <th>Where</th>
              <th>Problem</th>
            </tr>
          </thead>
          <tbody>
            {outcome.problems.map((p, i) => (
              <tr key={i}>
                <td>{p.file}</td>
                <td className="num">{p.record ?? "—"}</td>
                <td>
                  <code>{p.path}</code>
                </td>
                <td>{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {outcome.truncated && (
        <p className="muted">
          Only the first {outcome.problems.length} problems are listed
          {outcome.more ? `; ${count(outcome.more)} more were found` : ""}.
        </p>
      )}
    </section>
  );
}

export function ImportSummary({ outcome }: { outcome: Extract<ImportOutcome, { ok: true }> }) {
  const a = outcome.added;
  return (
    <section className="card" data-testid="import-summary">
      <h2>
        {outcome.added
          ? `Added to “${outcome.name}”`
          : outcome.created
            ? `Imported “${outcome.name}”`
            : `“${outcome.name}” was imported before — nothing changed`}
      </h2>
      {a && (
        <p data-testid="import-added">
          {`${count(a.matched)} of the bundle's ${plural(a.requests, "request", "requests")} matched requests of the ` +
            `dataset; ${plural(a.plans, "plan", "plans")} added` +
            (a.plansKnown ? ` (${plural(a.plansKnown, "plan was", "plans were")} there already)` : "") +
            `, ${plural(a.pairs, "new pair", "new pairs")}. The dataset now has ${plural(a.totals.plans, "plan", "plans")} ` +
            `and ${plural(a.totals.pairs, "pair", "pairs")}.`}
        </p>
      )}
      {outcome.note && (
        <p className="notice" role="status" data-testid="import-note">
          {outcome.note}
        </p>
      )}
      <dl className="counts">
        {COUNT_LABELS.map(([k, label]) => (
          <div key={k}>
            <dt>{label}</dt>
            <dd data-testid={`count-${k}`}>{outcome.counts[k] ?? 0}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
