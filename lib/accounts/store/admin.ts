/** Read models for the admin home: accounts and destinations with their counts. */
import type { Db } from "../../platform/db";
import { pairCounts, sumBy } from "../../judging/store";

export async function listUsers(db: Db) {
  // Judgment counts from the day tallies, not by counting every judgment.
  const judged = new Map(
    (await db.judgmentDayTally.groupBy({ by: ["userId"], _sum: { judgments: true } })).map((r) => [
      r.userId,
      r._sum.judgments ?? 0,
    ]),
  );
  const users = await db.user.findMany({
    orderBy: [{ role: "asc" }, { name: "asc" }],
    include: {
      destinations: { include: { destination: true } },
      invites: { where: { usedAt: null, expiresAt: { gt: new Date() } }, select: { id: true } },
    },
  });
  return users.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    active: u.active,
    hasPassword: u.passwordHash !== null,
    pendingInvite: u.invites.length > 0,
    judgments: judged.get(u.id) ?? 0,
    destinations: u.destinations.map((d) => ({ name: d.destination.name, familiarity: d.familiarity })),
    createdAt: u.createdAt.toISOString(),
  }));
}

export async function listDestinations(db: Db) {
  const [destinations, experts, queries, counts] = await Promise.all([
    db.destination.findMany({ orderBy: { name: "asc" }, select: { id: true, name: true, country: true } }),
    db.expertDestination.groupBy({ by: ["destinationId"], _count: { _all: true } }),
    db.query.groupBy({ by: ["destinationId"], _count: { _all: true } }),
    pairCounts(db),
  ]);
  const pairs = new Map(sumBy(counts, "destinationId").map((c) => [c.id, c]));
  const expertsOf = new Map(experts.map((e) => [e.destinationId, e._count._all]));
  const queriesOf = new Map(queries.map((q) => [q.destinationId, q._count._all]));
  return destinations.map((d) => ({
    ...d,
    experts: expertsOf.get(d.id) ?? 0,
    queries: queriesOf.get(d.id) ?? 0,
    pairs: pairs.get(d.id)?.pairs ?? 0,
    completePairs: pairs.get(d.id)?.complete ?? 0,
  }));
}
