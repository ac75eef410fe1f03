-- tj_judgment_days_removed, as in force. This file is its only definition from now on (migration 20261123083053_analytics_tallies last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
CREATE OR REPLACE FUNCTION tj_judgment_days_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "JudgmentDayTally" t SET judgments = t.judgments - g.n
    FROM (SELECT "createdAt"::date AS day, "userId", count(*)::integer AS n FROM removed GROUP BY 1, 2) g
    WHERE t.day = g.day AND t."userId" = g."userId";
  -- No row for a day left without judgments (as the rebuild).
  DELETE FROM "JudgmentDayTally" t WHERE t.judgments <= 0 AND t."userId" IN (SELECT DISTINCT "userId" FROM removed);
  RETURN NULL;
END $$;
