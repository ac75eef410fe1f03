/** Read models for the admin's assignment page: who knows which destination, progress, live claims. */
import { randomUUID } from "node:crypto";
import { AppError } from "../../kernel";
import { poolOf, type Db } from "../../platform/db";
import type { Dimension } from "../../results/dimensions";
import { setDimensions, setPreferenceStrength } from "./dimensions";
import { destinationsOffered } from "../assignment/destinations";

export interface PairCounts {
  datasetId: string;
  destinationId: string;
  pairs: number;
  complete: number;
  /** Pairs a judge decided under guaranteed escalation: out of the queue, needing no more judgments. */
  decided: number;
  /** Submitted judgments (the pairs' counters). */
  judgments: number;
  /** Judgments the pairs need in all. */
  needed: number;
  raters: number | null;
}

/**
 * Pairs and their progress per dataset and destination, shared by every admin view. Complete pairs come
 * from the analytics tallies (a complete pair needs as many judgments as it has, and its verdict pattern
 * says how many); only pairs not complete, and the rare ones with a fourth rater, are read.
 */
export async function pairCounts(db: Db): Promise<PairCounts[]> {
  const { rows } = await poolOf(db).query<PairCounts>(
    `WITH parts AS (
       SELECT t."datasetId", t."destinationId", t.pairs, t.pairs AS complete, 0 AS decided, t.pairs * r.n AS judgments, t.pairs * r.n AS needed, r.n AS raters
       FROM "AgreementTally" t
       CROSS JOIN LATERAL (SELECT (t.pattern >> 4 & 3 <> 3)::int + (t.pattern >> 2 & 3 <> 3)::int + (t.pattern & 3 <> 3)::int AS n) r
       WHERE t.pattern >= 0 AND t.pairs > 0
       UNION ALL
       SELECT q."datasetId", q."destinationId", 1, (p.status = 'COMPLETE')::int, (p.status = 'DECIDED')::int, p."submittedCount",
              CASE WHEN p.status = 'DECIDED' THEN p."submittedCount" ELSE p."requiredRaters" END, p."requiredRaters"
       FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" WHERE p.status <> 'COMPLETE' OR p."verdictPattern" = -1
     )
     SELECT "datasetId", "destinationId", sum(pairs)::int AS pairs, sum(complete)::int AS complete, sum(decided)::int AS decided,
            sum(judgments)::int AS judgments,
            sum(needed)::int AS needed, max(raters)::int AS raters
     FROM parts GROUP BY 1, 2`,
  );
  return rows;
}

/** Pair counts summed per dataset or per destination. */
export function sumBy(rows: readonly PairCounts[], key: "datasetId" | "destinationId") {
  const out = new Map<
    string,
    {
      id: string;
      pairs: number;
      complete: number;
      decided: number;
      judgments: number;
      needed: number;
      raters: number | null;
    }
  >();
  for (const r of rows) {
    const o = out.get(r[key]) ?? {
      id: r[key],
      pairs: 0,
      complete: 0,
      decided: 0,
      judgments: 0,
      needed: 0,
      raters: null,
    };
    o.pairs += r.pairs;
    o.complete += r.complete;
    o.decided += r.decided;
    o.judgments += r.judgments;
    o.needed += r.needed;
    o.raters = Math.max(o.raters ?? 0, r.raters ?? 0) || null;
    out.set(r[key], o);
  }
  return [...out.values()];
}

export async function assignmentOverview(db: Db) {
  const [experts, reviewers, destinations, links, datasets, counts, byExpert, claims] = await Promise.all([
    db.user.findMany({
      where: { role: "EXPERT" },
      orderBy: { name: "asc" },
      select: { id: true, name: true, email: true, active: true },
    }),
    // Reviewers have destinations as experts do (the judgments they review), and nothing else on this page.
    db.user.findMany({
      where: { role: "REVIEWER" },
      orderBy: { name: "asc" },
      select: { id: true, name: true, email: true, active: true },
    }),
    db.destination.findMany({ orderBy: { name: "asc" }, select: { id: true, name: true, country: true } }),
    db.expertDestination.findMany({ select: { userId: true, destinationId: true, familiarity: true } }),
    db.dataset.findMany({
      orderBy: { createdAt: "desc" },
      select: {
        id: true,
        name: true,
        showDiagnostics: true,
        preferenceStrength: true,
        dimensions: true,
        dimensionsVersion: true,
        correctors: true,
        correctAfterVerdict: true,
        correctionVotes: true,
      },
    }),
    pairCounts(db),
    // Judgment counts from the day tallies; the median (of the one or two middle values) by a walk of the
    // (userId, timeOnTaskMs) index, so neither reads every judgment.
    db.$queryRaw<{ id: string; judged: number; skipped: number; claimed: number; medianSeconds: number | null }[]>`
      SELECT u.id, n.judged,
        (SELECT COUNT(*) FROM "Assignment" a WHERE a."userId" = u.id AND a.status = 'SKIPPED')::int AS skipped,
        (SELECT COUNT(*) FROM "Assignment" a WHERE a."userId" = u.id AND a.status = 'CLAIMED' AND a."leaseExpiresAt" > now())::int AS claimed,
        (SELECT avg(m.t) / 1000 FROM (SELECT j."timeOnTaskMs" AS t FROM "Judgment" j WHERE j."userId" = u.id ORDER BY 1
           OFFSET (n.judged - 1) / 2 LIMIT 2 - n.judged % 2) m)::float AS "medianSeconds"
      FROM "User" u CROSS JOIN LATERAL (SELECT COALESCE(SUM(t.judgments), 0)::int AS judged FROM "JudgmentDayTally" t WHERE t."userId" = u.id) n
      WHERE u.role = 'EXPERT'`,
    db.assignment.findMany({
      where: { status: "CLAIMED" },
      orderBy: { claimedAt: "asc" },
      take: 500,
      select: {
        id: true,
        slot: true,
        claimedAt: true,
        leaseExpiresAt: true,
        pairId: true,
        user: { select: { id: true, name: true } },
        pair: { select: { query: { select: { destinationId: true, destination: { select: { name: true } } } } } },
      },
    }),
  ]);
  const statsOf = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const dsStats = statsOf(sumBy(counts, "datasetId"));
  const destStats = statsOf(sumBy(counts, "destinationId"));
  const expertStats = statsOf(byExpert);
  const expertsOf = new Map<string, number>();
  for (const l of links) expertsOf.set(l.destinationId, (expertsOf.get(l.destinationId) ?? 0) + 1);
  const offered = destinationsOffered(
    destinations.map((d) => ({
      ...d,
      ...(destStats.get(d.id) ?? { pairs: 0, complete: 0, decided: 0, judgments: 0, needed: 0 }),
    })),
    (id) => expertsOf.get(id) ?? 0,
  );
  return {
    experts: experts.map((e) => ({
      ...e,
      ...(expertStats.get(e.id) ?? { judged: 0, skipped: 0, claimed: 0, medianSeconds: null }),
    })),
    reviewers,
    destinations: offered.shown,
    /** Destinations left out of `destinations`: no pairs, and no expert given them (lib/judging/assignment/destinations.ts). */
    destinationsWithoutPairs: offered.hiddenWithoutPairs,
    familiarity: links,
    datasets: datasets.map((d) => ({
      ...d,
      dimensions: (d.dimensions as Dimension[] | null) ?? null,
      ...(dsStats.get(d.id) ?? { pairs: 0, complete: 0, decided: 0, judgments: 0, needed: 0, raters: null }),
    })),
    claims: claims.map((c) => ({
      id: c.id,
      slot: c.slot,
      pairId: c.pairId,
      claimedAt: c.claimedAt.toISOString(),
      leaseExpiresAt: c.leaseExpiresAt.toISOString(),
      expired: c.leaseExpiresAt < new Date(),
      expert: c.user,
      destination: c.pair.query.destination.name,
      destinationId: c.pair.query.destinationId,
    })),
  };
}

/** Sets the familiarity of many experts × many destinations at once (0 removes the link). */
export async function setFamiliarity(
  db: Db,
  userIds: string[],
  destinationIds: string[],
  familiarity: number,
  actorId: string,
) {
  const experts = await db.user.findMany({
    where: { id: { in: userIds }, role: { in: ["EXPERT", "REVIEWER"] } },
    select: { id: true, email: true },
  });
  if (experts.length !== new Set(userIds).size)
    throw new AppError("invalid_request", "Only experts and reviewers can be given destinations.");
  const places = await db.destination.findMany({
    where: { id: { in: destinationIds } },
    select: { id: true, name: true },
  });
  if (places.length !== new Set(destinationIds).size) throw new AppError("invalid_request", "Unknown destination.");
  // The audit event's before and after: each expert's familiarity with each destination (0: not theirs), by name.
  const email = new Map(experts.map((e) => [e.id, e.email]));
  const place = new Map(places.map((d) => [d.id, d.name]));
  const label = (u: string, d: string) => `${email.get(u)} · ${place.get(d)}`;
  await db.$transaction(async (tx) => {
    // The experts' rows locked first: two changes of one expert at once record each other's result as "before".
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE id = ANY(${userIds}::text[]) ORDER BY id FOR NO KEY UPDATE`;
    const links = await tx.expertDestination.findMany({
      where: { userId: { in: userIds }, destinationId: { in: destinationIds } },
      select: { userId: true, destinationId: true, familiarity: true },
    });
    const before: Record<string, number> = {};
    const after: Record<string, number> = {};
    for (const u of userIds)
      for (const d of destinationIds) [before[label(u, d)], after[label(u, d)]] = [0, familiarity];
    for (const l of links) before[label(l.userId, l.destinationId)] = l.familiarity;
    for (const userId of userIds) {
      for (const destinationId of destinationIds) {
        if (familiarity === 0) await tx.expertDestination.deleteMany({ where: { userId, destinationId } });
        else
          await tx.expertDestination.upsert({
            where: { userId_destinationId: { userId, destinationId } },
            create: { userId, destinationId, familiarity },
            update: { familiarity },
          });
      }
    }
    await tx.auditEvent.create({
      data: {
        actorId,
        action: familiarity === 0 ? "destination.unassign" : "destination.assign",
        targetType: "ExpertDestination",
        targetId: `${userIds.length}x${destinationIds.length}`,
        data: { userIds, destinationIds, familiarity, before, after },
      },
    });
  });
}

/** An admin's changes to a dataset: raters per pair, whether experts see diagnostics, preference strength, dimensions. */
export async function updateDataset(
  db: Db,
  datasetId: string,
  change: {
    requiredRaters?: number;
    showDiagnostics?: boolean;
    preferenceStrength?: boolean;
    dimensions?: Dimension[] | null;
    correctors?: "experts" | "admins" | "nobody";
    correctAfterVerdict?: boolean;
    correctionVotes?: "two_of_two" | "two_of_three";
  },
  actorId: string,
) {
  const was = await db.dataset.findUnique({
    where: { id: datasetId },
    select: { correctors: true, correctAfterVerdict: true, correctionVotes: true, showDiagnostics: true },
  });
  if (!was) throw new AppError("not_found", "No such dataset.");
  if (change.preferenceStrength !== undefined)
    await setPreferenceStrength(db, datasetId, change.preferenceStrength, actorId);
  if (change.dimensions !== undefined) await setDimensions(db, datasetId, change.dimensions, actorId);
  if (change.requiredRaters !== undefined) await setRequiredRaters(db, datasetId, change.requiredRaters, actorId);
  const corrections = {
    correctors: change.correctors,
    correctAfterVerdict: change.correctAfterVerdict,
    correctionVotes: change.correctionVotes,
  };
  if (Object.values(corrections).some((v) => v !== undefined)) {
    // Who may correct, whether the judging screen offers it, and the votes that verify a correction from now on.
    await db.dataset.update({ where: { id: datasetId }, data: corrections });
    const before = {
      correctors: was.correctors,
      correctAfterVerdict: was.correctAfterVerdict,
      correctionVotes: was.correctionVotes,
    };
    await db.auditEvent.create({
      data: {
        actorId,
        action: "dataset.corrections",
        targetType: "Dataset",
        targetId: datasetId,
        data: {
          ...corrections,
          before,
          after: { ...before, ...Object.fromEntries(Object.entries(corrections).filter(([, v]) => v !== undefined)) },
        },
      },
    });
  }
  if (change.showDiagnostics !== undefined) {
    await db.dataset.update({ where: { id: datasetId }, data: { showDiagnostics: change.showDiagnostics } });
    await db.auditEvent.create({
      data: {
        actorId,
        action: "dataset.diagnostics",
        targetType: "Dataset",
        targetId: datasetId,
        data: {
          showDiagnostics: change.showDiagnostics,
          before: { showDiagnostics: was.showDiagnostics },
          after: { showDiagnostics: change.showDiagnostics },
        },
      },
    });
  }
}

/** Raters per pair for a dataset's pairs that are still open; never below the judgments a pair already has. */
export async function setRequiredRaters(db: Db, datasetId: string, raters: number, actorId: string): Promise<number> {
  // One statement (tj_set_required_raters): pairs complete or reopen, the tallies are rebuilt once.
  const { rows } = await poolOf(db).query<{ changed: number }>(
    "SELECT tj_set_required_raters($1, $2, $3, $4) AS changed",
    [actorId, datasetId, raters, randomUUID()],
  );
  return rows[0].changed;
}
