/**
 * Each judge's call on each pair of a dataset: the verdict it gives and how sure it is (lib/results/escalation/items.ts).
 * Uploaded judges' rows on one pair are combined: the average of the probabilities of the rows that carry them;
 * otherwise the share of the majority among their samples, a row with only a verdict counting as one sample.
 */
import { judgeCall, type JudgeCall } from "../escalation";
import { poolOf, type Db } from "../../platform/db";
import type { Verdict } from "../../judging/verdict";

export async function judgeCalls(
  db: Db,
  datasetId: string,
  judges: readonly string[],
): Promise<Map<string, Map<string, JudgeCall>>> {
  const out = new Map<string, Map<string, JudgeCall>>(judges.map((j) => [j, new Map()]));
  const { rows } = await poolOf(db).query<{
    judge: string;
    pairId: string;
    verdict: Verdict;
    pA: number | null;
    pB: number | null;
    pNeither: number | null;
    samples: Verdict[] | null;
  }>(
    `SELECT v.judge, v."pairId", v.verdict::text AS verdict, v."pA", v."pB", v."pNeither", v.samples::text[] AS samples
       FROM "JudgeVerdict" v JOIN "Pair" p ON p.id = v."pairId" JOIN "Query" q ON q.id = p."queryId"
      WHERE q."datasetId" = $1 AND v.judge = ANY($2) ORDER BY v."pairId", v.id`,
    [datasetId, judges],
  );
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = `${r.judge}\u0000${r.pairId}`;
    const g = groups.get(key);
    if (g) g.push(r);
    else groups.set(key, [r]);
  }
  for (const g of groups.values()) {
    const withP = g.filter((r) => r.pA !== null && r.pB !== null);
    let call: JudgeCall | string;
    if (withP.length) {
      const mean = (f: (r: (typeof g)[number]) => number) => withP.reduce((s, r) => s + f(r), 0) / withP.length;
      const neither = withP.every((r) => r.pNeither !== null);
      call = judgeCall({
        p_a: mean((r) => r.pA!),
        p_b: mean((r) => r.pB!),
        ...(neither ? { p_neither: mean((r) => r.pNeither!) } : {}),
      });
    } else call = judgeCall({ samples: g.flatMap((r) => (r.samples?.length ? r.samples : [r.verdict])) });
    if (typeof call !== "string") out.get(g[0].judge)!.set(g[0].pairId, call);
  }
  return out;
}
