-- tj_verdict_code, as in force. This file is its only definition from now on (migration 20261123083053_analytics_tallies last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- The label code: A 0, B 1, Neither 2. Mirrors lib/judging/verdict/ verdictCode (lib/judging/verdict/sql-mirror.itest.ts).
CREATE OR REPLACE FUNCTION tj_verdict_code(v "Verdict") RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE v WHEN 'A' THEN 0 WHEN 'B' THEN 1 ELSE 2 END
$$;
