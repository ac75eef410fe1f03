/**
 * Quality control figures for admins: each expert's standing, qualification and gold results (Wilson
 * intervals, also per destination), Dawid–Skene accuracy and MACE spamming probability over the judgments of
 * complete pairs, peer agreement, and the anomaly flags with their explanations (raterFlags, the decision the
 * command line uses too); the gold pairs by kind; the exports' soft labels (a Dawid–Skene model fitted once, then
 * posteriors a batch of pairs at a time). Judgments stream through a cursor into columnar arrays
 * (lib/quality/reliability/ratings.ts).
 */
import { randomUUID } from "node:crypto";
import {
  calibrationOf,
  removalEffectFromPatterns,
  type StrengthCalibration,
  type StrengthCounts,
} from "../../results/agreement";
import { sideOf, VERDICTS, verdictCode, type Verdict } from "../../judging/verdict";
import { wilson, AppError, ADMIN_FIGURES, recent, config } from "../../kernel";
import {
  othersRates,
  raterFlags,
  dawidSkene,
  softLabelModel,
  softLabelsOf,
  mace,
  peerAgreement,
  RatingMatrixBuilder,
  type Flag,
  type SoftLabelModel,
  type SoftLabels,
} from "../reliability";
import { DEFECT_KINDS } from "../gold";
import { expertMedianSeconds, ratedPairs } from "../../results/store";
import { reviewsByExpert, type ExpertReviews } from "../../review/store";
import { poolOf, type Db } from "../../platform/db";
import { completeJudgments, completeRatings } from "./judgment-log";
import type { Standing } from "../../accounts";
import { beforeLongStep, NO_PROGRESS, type ReportProgress } from "../../platform";

export interface GoldTally {
  n: number;
  right: number;
  accuracy: number | null;
  ci95: [number, number] | null;
}
const tally = (right: number, n: number): GoldTally => {
  const w = wilson(right, n);
  return { n, right, accuracy: w?.share ?? null, ci95: w?.ci95 ?? null };
};

export interface ExpertQuality {
  userId: string;
  name: string;
  email: string;
  standing: Standing;
  note: string | null;
  changedAt: string | null;
  qualification: { answered: number; right: number };
  gold: GoldTally;
  goldByDestination: (GoldTally & { destination: string })[];
  judgments: number;
  dsAccuracy: number | null;
  maceSpam: number | null;
  peer: { agree: number; compared: number; rate: number | null };
  /** Pairs skipped of those served: gold pairs (as checks) and real pairs. Skipping gold more than real pairs costs (lib/quality/reliability/pause.ts). */
  skips: { gold: { skipped: number; served: number }; real: { skipped: number; served: number } };
  /** Reviewers' decisions on their judgments: accepted, rejected, and the accept rate (lib/review, docs/reviewers.md). */
  reviews: ExpertReviews;
  flags: Flag[];
}

export interface QualityReport {
  experts: ExpertQuality[];
  gold: {
    pairs: number;
    active: number;
    byKind: { kind: string; pairs: number; answers: number; right: number }[];
    datasets: {
      id: string;
      name: string;
      rate: number;
      pairs: number;
      adaptiveRaters: boolean;
      /** The order its open pairs are served in, and the exploration share of "informative" (docs/serving-order.md). */
      servingOrder: string;
      explorationShare: number;
    }[];
  };
  /** How the models were fitted, for the page's footnote. */
  models: { judgments: number; pairs: number; dsIterations: number; maceIterations: number };
  /** Per expert who gave strengths: how often the others chose the same side, per stated strength (lib/results/agreement/strength.ts). */
  strength: StrengthCalibration[];
}

/**
 * Every expert's judgments of complete pairs, in time order: the model input and each expert's verdict sequence and
 * side counts (read without a snapshot held across the read: ./judgment-log.ts).
 */
async function judgmentLog(db: Db, report: ReportProgress) {
  const builder = new RatingMatrixBuilder(VERDICTS);
  const sequences = new Map<string, string[]>();
  const sides = new Map<string, { left: number; right: number }>();
  report("reading the judgments", 0);
  const log = await completeJudgments(db, report);
  for (const k of log.order) {
    const user = log.user[k],
      verdict = log.verdict[k];
    builder.add(log.pair[k], user, verdictCode(verdict));
    let seq = sequences.get(user);
    if (!seq) sequences.set(user, (seq = []));
    seq.push(verdict);
    let s = sides.get(user);
    if (!s) sides.set(user, (s = { left: 0, right: 0 }));
    const side = sideOf(verdict, log.leftIsA[k] === 1);
    if (side) s[side]++;
  }
  return { matrix: builder.build(), sequences, sides };
}

/**
 * The part of the report that reads every judgment (the models, peer agreement, verdict sequences and sides),
 * shared by reloads within ADMIN_FIGURES_MAX_AGE_SECONDS like the other admin figures; standings and gold
 * results are always read fresh, so an admin's decision shows at once.
 */
async function modelFigures(db: Db, report: ReportProgress) {
  const { result } = await recent(
    `${ADMIN_FIGURES}quality-models`,
    config().ADMIN_FIGURES_MAX_AGE_SECONDS * 1000,
    async () => {
      const log = await judgmentLog(db, report);
      const m = log.matrix;
      // Each stage is reported before its (synchronous) fit, and the report written before the fit starts.
      report(`fitting Dawid–Skene to ${m.item.length.toLocaleString("en-US")} judgments`);
      await beforeLongStep();
      const ds = m.item.length ? dawidSkene(m) : null;
      report("fitting MACE");
      await beforeLongStep();
      const mc = m.item.length ? mace(m) : null;
      report("agreement between experts");
      await beforeLongStep();
      return { log, ds, mc, peers: peerAgreement(m) };
    },
  );
  return result;
}

export async function qualityReport(db: Db, report: ReportProgress = NO_PROGRESS): Promise<QualityReport> {
  const pool = poolOf(db);
  // The short reads first, then the long computation on its own: in an admin process a statement in flight keeps the
  // process from being paused (decision 017), so none may run beside the fits (one did: the fits then computed
  // freely beside the judging calls, 22 s of CPU in a phase where the ration allows ~8).
  const [users, answers, kinds, datasets, medians, skipRows, strengths, reviews] = await Promise.all([
    pool.query<{
      id: string;
      name: string;
      email: string;
      standing: Standing;
      note: string | null;
      changed: Date | null;
      gold_since: Date;
    }>(
      `SELECT id, name, email, standing::text AS standing, "standingNote" AS note, "standingChangedAt" AS changed, "goldSince" AS gold_since FROM "User" WHERE role = 'EXPERT' ORDER BY name`,
    ),
    pool.query<{ user_id: string; purpose: string; correct: boolean; completed: Date; destination: string }>(
      `SELECT a."userId" AS user_id, a.purpose::text, a.correct, a."completedAt" AS completed, d.name AS destination
         FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId" JOIN "Destination" d ON d.id = g."destinationId"
        WHERE a.status = 'SUBMITTED' ORDER BY a."completedAt", a.id`,
    ),
    pool.query<{ kind: string; pairs: number; active: number; answers: number; right: number }>(
      `SELECT coalesce(g."defectKind", 'promoted') AS kind, count(DISTINCT g.id)::int AS pairs, count(DISTINCT g.id) FILTER (WHERE g.active)::int AS active,
              count(a.id) FILTER (WHERE a.status = 'SUBMITTED')::int AS answers, count(a.id) FILTER (WHERE a.correct)::int AS right
         FROM "GoldPair" g LEFT JOIN "GoldAnswer" a ON a."goldPairId" = g.id GROUP BY 1`,
    ),
    pool.query<{
      id: string;
      name: string;
      rate: number;
      pairs: number;
      adaptive: boolean;
      serving: string;
      exploration: number;
    }>(
      `SELECT d.id, d.name, d."goldRate" AS rate, d."adaptiveRaters" AS adaptive, d."servingOrder" AS serving, d."explorationShare" AS exploration,
              (SELECT count(*)::int FROM "GoldPair" g WHERE g."datasetId" = d.id) AS pairs FROM "Dataset" d ORDER BY d."createdAt"`,
    ),
    expertMedianSeconds(db),
    pool.query<{
      user_id: string;
      gold_skipped: number;
      gold_served: number;
      real_skipped: number;
      real_served: number;
    }>(
      `SELECT u.id AS user_id,
              (SELECT count(*)::int FROM "GoldAnswer" a WHERE a."userId" = u.id AND a.purpose = 'CHECK' AND a.status = 'SKIPPED') AS gold_skipped,
              (SELECT count(*)::int FROM "GoldAnswer" a WHERE a."userId" = u.id AND a.purpose = 'CHECK' AND a.status IN ('SUBMITTED', 'SKIPPED')) AS gold_served,
              (SELECT count(*)::int FROM "Assignment" x WHERE x."userId" = u.id AND x.status = 'SKIPPED') AS real_skipped,
              (SELECT count(*)::int FROM "Assignment" x WHERE x."userId" = u.id AND x.status IN ('SUBMITTED', 'SKIPPED', 'REJECTED')) AS real_served
         FROM "User" u WHERE u.role = 'EXPERT'`,
    ),
    // Each judgment with a strength against the other verdicts of its pair (the pair index finds them).
    pool.query<StrengthCounts>(
      `SELECT j."userId" AS "userId", j.strength::int AS strength, count(DISTINCT j.id)::int AS stated,
              count(o.id)::int AS others, count(o.id) FILTER (WHERE o.verdict = j.verdict)::int AS same
         FROM "Judgment" j JOIN "Judgment" o ON o."pairId" = j."pairId" AND o.id <> j.id
        WHERE j.strength IS NOT NULL GROUP BY 1, 2`,
    ),
    reviewsByExpert(db),
  ]);
  const { log, ds, mc, peers } = await modelFigures(db, report);
  const skipsOf = new Map(
    skipRows.rows.map((r) => [
      r.user_id,
      {
        gold: { skipped: r.gold_skipped, served: r.gold_served },
        real: { skipped: r.real_skipped, served: r.real_served },
      },
    ]),
  );
  const m = log.matrix;
  const raterIx = new Map(m.raters.map((r, w) => [r, w]));
  const peerMap = new Map(m.raters.map((r, w) => [r, peers[w]]));
  const answersOf = new Map<string, (typeof answers.rows)[number][]>();
  for (const a of answers.rows) answersOf.set(a.user_id, [...(answersOf.get(a.user_id) ?? []), a]);
  const experts = users.rows.map((u): ExpertQuality => {
    const mine = answersOf.get(u.id) ?? [];
    const checks = mine.filter((a) => a.purpose === "CHECK");
    const qual = mine.filter((a) => a.purpose === "QUALIFICATION");
    const byDest = new Map<string, { n: number; right: number }>();
    for (const a of checks) {
      const t = byDest.get(a.destination) ?? { n: 0, right: 0 };
      t.n++;
      if (a.correct) t.right++;
      byDest.set(a.destination, t);
    }
    const w = raterIx.get(u.id);
    const peer = w === undefined ? { agree: 0, compared: 0 } : peers[w];
    const since = checks.filter((a) => a.completed >= u.gold_since).map((a) => a.correct);
    const median = medians.get(u.id) ?? null;
    // The other experts' median time (by expert, not by value: two experts may share a median).
    const others = [...medians]
      .filter(([id]) => id !== u.id)
      .map(([, s]) => s)
      .sort((a, b) => a - b);
    const peersMedian = others.length ? others[others.length >> 1] : null;
    const side = log.sides.get(u.id);
    // The same decision as `tripjudge reliability`, with the evidence only the app has (times, sides).
    const flags = raterFlags({
      gold: since,
      left: side,
      time: {
        medianMs: median === null ? null : median * 1000,
        judgments: log.sequences.get(u.id)?.length ?? 0,
        peersMedianMs: peersMedian === null ? null : peersMedian * 1000,
      },
      sequence: log.sequences.get(u.id) ?? [],
      peer: { own: peer, others: othersRates(peerMap, u.id) },
    });
    return {
      userId: u.id,
      name: u.name,
      email: u.email,
      standing: u.standing,
      note: u.note,
      changedAt: u.changed?.toISOString() ?? null,
      qualification: { answered: qual.length, right: qual.filter((a) => a.correct).length },
      gold: tally(checks.filter((a) => a.correct).length, checks.length),
      goldByDestination: [...byDest].map(([destination, t]) => ({ destination, ...tally(t.right, t.n) })),
      judgments: log.sequences.get(u.id)?.length ?? 0,
      dsAccuracy: ds && w !== undefined ? ds.accuracy[w] : null,
      maceSpam: mc && w !== undefined ? mc.spam[w] : null,
      peer: { ...peer, rate: peer.compared ? peer.agree / peer.compared : null },
      skips: skipsOf.get(u.id) ?? { gold: { skipped: 0, served: 0 }, real: { skipped: 0, served: 0 } },
      reviews: reviews.get(u.id) ?? { accepted: 0, rejected: 0, acceptRate: null },
      flags,
    };
  });
  const byKind = [...DEFECT_KINDS, "promoted"].map((kind) => {
    const r = kinds.rows.find((x) => x.kind === kind);
    return { kind, pairs: r?.pairs ?? 0, answers: r?.answers ?? 0, right: r?.right ?? 0 };
  });
  return {
    experts,
    gold: {
      pairs: kinds.rows.reduce((s, r) => s + r.pairs, 0),
      active: kinds.rows.reduce((s, r) => s + r.active, 0),
      byKind,
      datasets: datasets.rows.map((d) => ({
        id: d.id,
        name: d.name,
        rate: d.rate,
        pairs: d.pairs,
        adaptiveRaters: d.adaptive,
        servingOrder: d.serving,
        explorationShare: d.exploration,
      })),
    },
    models: {
      judgments: m.item.length,
      pairs: m.items.length,
      dsIterations: ds?.iterations ?? 0,
      maceIterations: mc?.iterations ?? 0,
    },
    strength: calibrationOf(strengths.rows),
  };
}

/** An admin's decision on an expert's standing: resume (after a pause), pass or fail qualification, or requalify. */
export async function setStanding(
  db: Db,
  userId: string,
  action: "resume" | "pass" | "fail" | "requalify",
  actorId: string,
): Promise<{ released: number }> {
  const to: Record<typeof action, Standing> = {
    resume: "ACTIVE",
    pass: "ACTIVE",
    fail: "QUALIFICATION_FAILED",
    requalify: "QUALIFYING",
  };
  const notes: Record<typeof action, string> = {
    resume: "resumed by an admin",
    pass: "qualification passed by an admin",
    fail: "qualification failed by an admin",
    requalify: "asked to qualify again",
  };
  // One statement (tj_set_standing): the standing, the pause test afresh, and the pairs held given back unless active.
  const { rows } = await poolOf(db).query<{ released: number }>(
    'SELECT tj_set_standing($1, $2, $3::"Standing", $4, $5, $6) AS released',
    [actorId, userId, to[action], notes[action], action, randomUUID()],
  );
  if (rows[0].released < 0) throw new AppError("not_found", "There is no such expert.");
  return { released: rows[0].released };
}

export type { SoftLabels };

/**
 * The judgments of complete pairs as the soft labels' fit reads them: a pair at a time, within a pair by expert, then
 * time (the order each export batch reads them in, so a pair's posterior is the fit's, bit for bit), read without a
 * snapshot held across the read (./judgment-log.ts).
 */
async function ratingLog(db: Db) {
  // A pair's judgments come together: the builder numbers pairs as they change, without a map of every pair's id.
  const builder = new RatingMatrixBuilder(VERDICTS, { itemsInRuns: true });
  await completeRatings(db, (pair, user, verdict) => builder.add(pair, user, verdictCode(verdict)));
  return builder.build();
}

/**
 * Dawid–Skene fitted on every judgment of complete pairs, for the exports' soft labels: the judgments are held as
 * typed columns while it fits, then only the model is kept (null when nothing is judged).
 */
export async function fitSoftLabels(db: Db): Promise<SoftLabelModel | null> {
  return softLabelModel(await ratingLog(db));
}

/** The experts with a judgment on a complete pair (those a soft-label fit must have seen), from their tallies. */
export async function expertsJudgingCompletePairs(db: Db): Promise<string[]> {
  // ExpertTally counts each expert's complete pairs (tj_tally_pair, kept equal to tj_rebuild_tallies()).
  const { rows } = await poolOf(db).query<{ id: string }>(`SELECT "userId" AS id FROM "ExpertTally" WHERE pairs > 0`);
  return rows.map((r) => r.id);
}

/**
 * The soft labels of the given pairs, from their judgments as they are now and the fitted model: complete pairs
 * judged only by experts the fit saw have one (for pairs the fit read, its own posterior, bit for bit).
 */
export async function softLabels(
  db: Db,
  model: SoftLabelModel | null,
  pairIds: readonly string[],
): Promise<SoftLabels> {
  if (!model || !pairIds.length) return new Map();
  const { rows } = await poolOf(db).query<{ pairId: string; userId: string; verdict: Verdict }>(
    // Each pair's judgments in the fit's order (expert, time), which its posterior's sum follows. The pairs by
    // their key as well, else the planner scans every pair (300 ms a batch at 100,000 pairs, not 13).
    `SELECT j."pairId", j."userId", j.verdict::text AS verdict
     FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId"
     WHERE j."pairId" = ANY($1::text[]) AND p.id = ANY($1::text[]) AND p.status = 'COMPLETE'
     ORDER BY j."pairId", j."userId", j."createdAt", j.id`,
    [pairIds],
  );
  return softLabelsOf(
    model,
    rows.map((r) => ({ pairId: r.pairId, userId: r.userId, verdict: verdictCode(r.verdict) })),
  );
}

/**
 * Experts by standing; `withoutGold`: qualifying experts none of whose destinations has an active gold pair
 * (they judge real pairs until there is a qualification set for them).
 */
export async function standingCounts(
  db: Db,
): Promise<{ paused: number; failed: number; qualifying: number; withoutGold: number }> {
  const [rows, without] = await Promise.all([
    db.user.groupBy({ by: ["standing"], where: { role: "EXPERT", active: true }, _count: true }),
    poolOf(db).query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "User" u WHERE u.role = 'EXPERT' AND u.active AND u.standing = 'QUALIFYING'
          AND NOT EXISTS (SELECT 1 FROM "GoldPair" g JOIN "ExpertDestination" e ON e."destinationId" = g."destinationId" WHERE e."userId" = u.id AND g.active)`,
    ),
  ]);
  const n = (s: Standing) => rows.find((r) => r.standing === s)?._count ?? 0;
  return {
    paused: n("PAUSED"),
    failed: n("QUALIFICATION_FAILED"),
    qualifying: n("QUALIFYING"),
    withoutGold: without.rows[0].n,
  };
}

/**
 * What removing an expert's judgments would do to agreement, from the tallies (decision 008): the complete pairs'
 * verdict patterns, less the patterns of the expert's own complete pairs; only pairs with a rating beyond slot 3
 * (no pattern) are read whole. A read of the expert's judgments, not of every judgment, so it answers at once and
 * is always fresh (it previews a destructive action).
 */
export async function removalPreview(db: Db, userId: string) {
  const pool = poolOf(db);
  const [all, theirs, wide, judgments] = await Promise.all([
    pool.query<{ pattern: number; pairs: number }>(
      `SELECT pattern, sum(pairs)::int AS pairs FROM "AgreementTally" WHERE pattern >= 0 AND pairs > 0 GROUP BY pattern`,
    ),
    pool.query<{ pattern: number; pairs: number }>(
      `SELECT p."verdictPattern" AS pattern, count(DISTINCT p.id)::int AS pairs
         FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId"
        WHERE j."userId" = $1 AND p.status = 'COMPLETE' AND p."verdictPattern" >= 0 GROUP BY 1`,
      [userId],
    ),
    ratedPairs(db, { wideOnly: true }),
    db.judgment.count({ where: { userId } }),
  ]);
  const counts = (rows: { pattern: number; pairs: number }[]) => new Map(rows.map((r) => [r.pattern, r.pairs]));
  return { judgments, ...removalEffectFromPatterns(counts(all.rows), counts(theirs.rows), wide, userId) };
}

/**
 * Removes an expert's judgments: their pairs reopen (a complete pair leaves the tallies through its trigger),
 * adjudications of those pairs go (the split they settled may be gone), and the slots return to the pool.
 * The expert keeps their assignments as RELEASED, so they are never given those pairs again.
 */
export async function removeJudgments(
  db: Db,
  userId: string,
  actorId: string,
): Promise<{ judgments: number; pairs: number }> {
  // One statement (tj_remove_judgments), which takes its locks in the order submits take theirs; a deadlock
  // that still happens (another admin action) is retried once before it is reported (503, never a 500).
  for (let attempt = 1; ; attempt++) {
    try {
      const { rows } = await poolOf(db).query<{ o_judgments: number; o_pairs: number }>(
        "SELECT * FROM tj_remove_judgments($1, $2, $3)",
        [actorId, userId, randomUUID()],
      );
      return { judgments: rows[0].o_judgments, pairs: rows[0].o_pairs };
    } catch (e) {
      if (attempt < 2 && (e as { code?: string }).code === "40P01") continue;
      throw e;
    }
  }
}
