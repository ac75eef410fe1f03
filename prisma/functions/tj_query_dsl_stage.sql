-- tj_query_dsl_stage: keeps Query."dslStage" (the stage of the request's latest constraint version) on each insert of
-- versions; lib/platform/db/migrate.ts applies this file after the versioned migrations whenever it changes.
-- One statement per batch of versions (an import inserts them 500 at a time). Versions are never changed or deleted
-- on their own (a request's go with it), so inserts are all there is to follow. Migration 20261128060000_request_list
-- added the column and filled it; the trigger is made here, after its function exists (a fresh database runs every
-- migration before any function file).
CREATE OR REPLACE FUNCTION tj_query_dsl_stage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Query" q SET "dslStage" = n.stage
    FROM (SELECT DISTINCT ON ("queryId") "queryId", stage, version FROM new_versions ORDER BY "queryId", version DESC) n
   WHERE q.id = n."queryId"
     AND NOT EXISTS (SELECT 1 FROM "DslVersion" x WHERE x."queryId" = n."queryId" AND x.version > n.version);
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS tj_query_dsl_stage ON "DslVersion";
CREATE TRIGGER tj_query_dsl_stage AFTER INSERT ON "DslVersion" REFERENCING NEW TABLE AS new_versions
  FOR EACH STATEMENT EXECUTE FUNCTION tj_query_dsl_stage();
