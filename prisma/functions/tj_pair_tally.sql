-- tj_pair_tally, as in force. This file is its only definition from now on (migration 20261123083053_analytics_tallies last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- A pair counts while it is complete: in when it completes, out when it reopens (one more rater,
-- a higher required count) or is deleted.
-- A bulk change (many pairs in one statement: tj_bulk_pairs_begin) skips this and rebuilds once at the
-- end: updating the same tally rows thousands of times in one transaction grows their version chains.
CREATE OR REPLACE FUNCTION tj_pair_tally() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE t record;
BEGIN
  IF current_setting('tripjudge.bulk_pairs', true) = 'on' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM tj_tally_pair(OLD.id, OLD."queryId", OLD."planAId", -1);
    RETURN OLD;
  END IF;
  IF OLD.status = 'COMPLETE' THEN
    PERFORM tj_tally_pair(OLD.id, OLD."queryId", OLD."planAId", -1);
    NEW."verdictPattern" := NULL;
    NEW.unresolved := false;
  END IF;
  IF NEW.status = 'COMPLETE' THEN
    SELECT * INTO t FROM tj_tally_pair(NEW.id, NEW."queryId", NEW."planAId", 1);
    NEW."verdictPattern" := t.o_pattern;
    NEW.unresolved := t.o_unresolved;
  END IF;
  RETURN NEW;
END $$;
