/**
 * Every judgment of complete pairs in the order the reliability models and verdict sequences read them (by expert,
 * then time, then id), without a snapshot held across the read (decision 010): complete pairs are read a range of
 * keys at a time, each range one short statement, and the judgments ordered here. Each pair is read whole, in one
 * statement; a pair that completes while the read runs is in it if its range is read after that.
 */
import type { Verdict } from "../../agreement";
import type { ReportProgress } from "../../progress";
import { poolOf, type Db } from "../infra/client";
import { pairRanges } from "../infra/cursor";

export interface CompleteJudgments {
  /** Per judgment (the same string object for the same pair or expert). */
  pair: string[];
  user: string[];
  verdict: Verdict[];
  /** Whether plan A was on the left (1) or not (0). */
  leftIsA: Uint8Array;
  /** The judgments' indices by expert, time and id. */
  order: Int32Array;
}

export async function completeJudgments(
  db: Db,
  report: ReportProgress,
  rangeSize?: number,
): Promise<CompleteJudgments> {
  const pool = poolOf(db);
  // The experts' order as PostgreSQL sorts their ids (its collation), so the order is the one ORDER BY gave.
  const { rows: users } = await pool.query<{ id: string }>(`SELECT id FROM "User" ORDER BY id`);
  const rank = new Map(users.map((u, i) => [u.id, i]));
  const pair: string[] = [],
    user: string[] = [],
    verdict: Verdict[] = [],
    ids: string[] = [];
  let leftIsA = new Uint8Array(1024),
    at = new Float64Array(1024),
    userRank = new Int32Array(1024);
  const interned = new Map<string, string>();
  for await (const { after, upTo } of pairRanges(db, "status = 'COMPLETE'", rangeSize)) {
    // The range on the judgments too (PostgreSQL does not carry it across the join): else each range scans them all.
    const { rows } = await pool.query<{ p: string; u: string; v: Verdict; l: boolean; t: Date; id: string }>(
      `SELECT p.id AS p, j."userId" AS u, j.verdict::text AS v, (a."leftPlanId" = p."planAId") AS l, j."createdAt" AS t, j.id
         FROM "Pair" p JOIN "Judgment" j ON j."pairId" = p.id JOIN "Assignment" a ON a.id = j."assignmentId"
        WHERE p.status = 'COMPLETE' AND p.id > $1 AND p.id <= $2 AND j."pairId" > $1 AND j."pairId" <= $2`,
      [after, upTo],
    );
    for (const r of rows) {
      const k = ids.length;
      if (k === at.length) [leftIsA, at, userRank] = [grown(leftIsA), grown(at), grown(userRank)];
      pair.push(r.p);
      let u = interned.get(r.u);
      if (u === undefined) interned.set(r.u, (u = r.u));
      user.push(u);
      verdict.push(r.v);
      ids.push(r.id);
      leftIsA[k] = r.l ? 1 : 0;
      at[k] = r.t.getTime();
      // An expert created after the ranking was read sorts after the others, by id.
      userRank[k] = rank.get(r.u) ?? users.length;
    }
    report("reading the judgments", ids.length);
  }
  const n = ids.length;
  const order = Int32Array.from({ length: n }, (_, i) => i).sort(
    (x, y) =>
      userRank[x] - userRank[y] ||
      (userRank[x] === users.length && user[x] !== user[y] ? (user[x] < user[y] ? -1 : 1) : 0) ||
      at[x] - at[y] ||
      (ids[x] < ids[y] ? -1 : ids[x] > ids[y] ? 1 : 0),
  );
  return { pair, user, verdict, leftIsA: leftIsA.subarray(0, n), order };
}

function grown<A extends Uint8Array | Float64Array | Int32Array>(a: A): A {
  const b = new (a.constructor as new (n: number) => A)(a.length * 2);
  b.set(a);
  return b;
}
