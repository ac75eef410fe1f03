/** Read models for the admin home: accounts and destinations with their counts. */
import type { Db } from "./client";

export async function listUsers(db: Db) {
  const users = await db.user.findMany({
    orderBy: [{ role: "asc" }, { name: "asc" }],
    include: {
      destinations: { include: { destination: true } },
      invites: { where: { usedAt: null, expiresAt: { gt: new Date() } }, select: { id: true } },
      _count: { select: { judgments: true } },
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
    judgments: u._count.judgments,
    destinations: u.destinations.map((d) => ({ name: d.destination.name, familiarity: d.familiarity })),
    createdAt: u.createdAt.toISOString(),
  }));
}

export async function listDestinations(db: Db) {
  return db.$queryRaw<{ id: string; name: string; country: string; experts: number; queries: number; pairs: number; completePairs: number }[]>`
    SELECT d.id, d.name, d.country,
      (SELECT COUNT(*)::int FROM "ExpertDestination" ed WHERE ed."destinationId" = d.id) AS experts,
      (SELECT COUNT(*)::int FROM "Query" q WHERE q."destinationId" = d.id) AS queries,
      (SELECT COUNT(*)::int FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" WHERE q."destinationId" = d.id) AS pairs,
      (SELECT COUNT(*)::int FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" WHERE q."destinationId" = d.id AND p.status = 'COMPLETE') AS "completePairs"
    FROM "Destination" d ORDER BY d.name`;
}
