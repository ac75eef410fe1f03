-- tj_sweep_expired_leases, as in force. This file is its only definition from now on (migration 20261123010000_judging_functions_replayable last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- Leases that ran out return their slots: CLAIMED -> EXPIRED, and the pairs' counters follow.
CREATE OR REPLACE FUNCTION tj_sweep_expired_leases() RETURNS integer LANGUAGE sql AS $$
  WITH expired AS (
    UPDATE "Assignment" SET status = 'EXPIRED', "completedAt" = now()
    WHERE status = 'CLAIMED' AND "leaseExpiresAt" <= now()
    RETURNING "pairId"
  ), per_pair AS (SELECT "pairId", COUNT(*)::int AS n FROM expired GROUP BY "pairId"),
  moved AS (
    UPDATE "Pair" p SET "claimedCount" = GREATEST(0, p."claimedCount" - per_pair.n) FROM per_pair WHERE p.id = per_pair."pairId"
    RETURNING 1
  )
  SELECT (SELECT COUNT(*) FROM expired)::int
$$;
