-- tj_bulk_pairs_end, as in force. This file is its only definition from now on (migration 20261123083053_analytics_tallies last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
CREATE OR REPLACE FUNCTION tj_bulk_pairs_end() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('tripjudge.bulk_pairs', 'off', true);
  PERFORM tj_rebuild_tallies();
END $$;
