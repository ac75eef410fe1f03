-- tj_bulk_pairs_begin, as in force. This file is its only definition from now on (migration 20261123083053_analytics_tallies last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- Bulk changes of pair status: tally nothing row by row, then rebuild once (tj_bulk_pairs_end).
CREATE OR REPLACE FUNCTION tj_bulk_pairs_begin() RETURNS void LANGUAGE sql AS $$ SELECT set_config('tripjudge.bulk_pairs', 'on', true) $$;
