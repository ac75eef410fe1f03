/**
 * Every judgment of complete pairs, without a snapshot held across the read (decision 017): complete pairs are read a
 * range of keys at a time, each range one short statement. Each pair is read whole, in one statement; a pair that
 * completes while the read runs is in it if its range is read after that. Two readers: the quality page's log (by
 * expert, then time, then id, ordered here: the reliability models and verdict sequences), and the soft labels'
 * ratings (a pair at a time, ordered by PostgreSQL, handed on as they come).
 */
import type { ReportProgress } from "../../platform";
import { poolOf, type Db, pairRanges } from "../../platform/db";
import { type Verdict } from "../../judging/verdict";

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
    // Times as whole microseconds (exact in a double, and ordered as the database orders them), rows as arrays.
    const { rows } = await pool.query<[string, string, Verdict, boolean | null, number, string]>({
      text: `SELECT p.id, j."userId", j.verdict::text, a."leftPlanId" = p."planAId",
                    (extract(epoch FROM j."createdAt") * 1000000)::float8, j.id
               FROM "Pair" p JOIN "Judgment" j ON j."pairId" = p.id JOIN "Assignment" a ON a.id = j."assignmentId"
              WHERE p.status = 'COMPLETE' AND p.id > $1 AND p.id <= $2 AND j."pairId" > $1 AND j."pairId" <= $2`,
      values: [after, upTo],
      rowMode: "array",
    });
    // A pair's judgments share one string (its rows come within its range); the verdicts are the three constants.
    const pairs = new Map<string, string>();
    for (const [p0, u0, v, l, t, id] of rows) {
      const k = ids.length;
      if (k === at.length) [leftIsA, at, userRank] = [grown(leftIsA), grown(at), grown(userRank)];
      let p = pairs.get(p0);
      if (p === undefined) pairs.set(p0, (p = p0));
      pair.push(p);
      let u = interned.get(u0);
      if (u === undefined) interned.set(u0, (u = u0));
      user.push(u);
      verdict.push(v === "A" ? "A" : v === "B" ? "B" : "NEITHER");
      ids.push(id);
      leftIsA[k] = l ? 1 : 0;
      at[k] = t;
      // An expert created after the ranking was read sorts after the others, by id.
      userRank[k] = rank.get(u0) ?? users.length;
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

/**
 * Every judgment of complete pairs as (pair, expert, verdict), a pair's judgments together and within a pair by
 * expert, then time, then id (the order the soft labels' batches read them in, lib/quality/store/expert-quality.ts softLabels),
 * handed to `add` as they come: nothing is kept here and nothing is sorted in the app, and no time, id or side is
 * read (the soft labels' fit needs none; the sides' lookup of each assignment was three quarters of the read's
 * database time).
 */
export async function completeRatings(
  db: Db,
  add: (pairId: string, userId: string, verdict: Verdict) => void,
  rangeSize?: number,
): Promise<void> {
  const pool = poolOf(db);
  for await (const { after, upTo } of pairRanges(db, "status = 'COMPLETE'", rangeSize)) {
    const { rows } = await pool.query<[string, string, Verdict]>({
      text: `SELECT j."pairId", j."userId", j.verdict::text
               FROM "Pair" p JOIN "Judgment" j ON j."pairId" = p.id
              WHERE p.status = 'COMPLETE' AND p.id > $1 AND p.id <= $2 AND j."pairId" > $1 AND j."pairId" <= $2
              ORDER BY j."pairId", j."userId", j."createdAt", j.id`,
      values: [after, upTo],
      rowMode: "array",
    });
    for (const [p, u, v] of rows) add(p, u, v);
  }
}
