/** Correctors on the quality page: each expert's corrections and how their blind verification went. */
import { correctorFigures, verificationState, type CorrectorFigures, type VerificationState } from "..";
import { poolOf, type Db } from "../../platform/db";

export interface CorrectorRow extends CorrectorFigures {
  userId: string;
  name: string;
}

export async function correctorsReport(db: Db): Promise<CorrectorRow[]> {
  const { rows } = await poolOf(db).query<{
    user_id: string;
    name: string;
    raters: number | null;
    a: number;
    b: number;
    n: number;
  }>(
    `SELECT c."userId" AS user_id, u.name, vp."requiredRaters" AS raters,
            count(j.id) FILTER (WHERE j.verdict = 'A')::int AS a, count(j.id) FILTER (WHERE j.verdict = 'B')::int AS b,
            count(j.id) FILTER (WHERE j.verdict = 'NEITHER')::int AS n
       FROM "Correction" c JOIN "User" u ON u.id = c."userId"
       LEFT JOIN "Pair" vp ON vp.id = c."verificationPairId" LEFT JOIN "Judgment" j ON j."pairId" = vp.id
      GROUP BY c.id, u.name, vp."requiredRaters"`,
  );
  const byUser = new Map<string, { name: string; states: VerificationState[] }>();
  for (const r of rows) {
    const e = byUser.get(r.user_id) ?? { name: r.name, states: [] };
    // The verification pair's plan A is the correction (lib/corrections/store/save.ts).
    e.states.push(verificationState({ votes: { corrected: r.a, original: r.b, neither: r.n }, raters: r.raters ?? 2 }));
    byUser.set(r.user_id, e);
  }
  return [...byUser]
    .map(([userId, e]) => ({ userId, name: e.name, ...correctorFigures(e.states) }))
    .sort((x, y) => Number(y.mostlyRejected) - Number(x.mostlyRejected) || y.corrections - x.corrections);
}
