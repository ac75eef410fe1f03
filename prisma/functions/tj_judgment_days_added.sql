-- tj_judgment_days_added, as in force. This file is its only definition from now on (migration 20261123083053_analytics_tallies last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- Judgments per UTC day and expert ("createdAt" holds UTC wall time), per statement.
CREATE OR REPLACE FUNCTION tj_judgment_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "JudgmentDayTally" AS t (day, "userId", judgments)
    SELECT "createdAt"::date, "userId", count(*)::integer FROM added GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, "userId") DO UPDATE SET judgments = t.judgments + EXCLUDED.judgments;
  RETURN NULL;
END $$;
