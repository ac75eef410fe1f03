-- The Constraints page (/admin/queries) pages by key through every request and filters by request text, destination
-- and the stage of the latest constraint version; at 100,000 requests each of those must stay a short index walk.

-- AlterTable: the latest constraint version's stage on its request (null: none yet).
ALTER TABLE "Query" ADD COLUMN     "dslStage" "DslStage";

-- DropIndex (served by the index below, which starts with the same column)
DROP INDEX "Query_destinationId_idx";

-- CreateIndex
CREATE INDEX "Query_destinationId_datasetId_sourceId_idx" ON "Query"("destinationId", "datasetId", "sourceId");

-- CreateIndex
CREATE INDEX "Query_dslStage_datasetId_sourceId_idx" ON "Query"("dslStage", "datasetId", "sourceId");

-- Backfill from the versions that exist.
UPDATE "Query" q SET "dslStage" = v.stage
  FROM (SELECT DISTINCT ON ("queryId") "queryId", stage FROM "DslVersion" ORDER BY "queryId", version DESC) v
 WHERE v."queryId" = q.id;

-- Kept on each insert of versions (one statement for a batch: an import inserts them 500 at a time). Versions are
-- never changed or deleted on their own (a request's go with it), so inserts are all there is to follow.
CREATE FUNCTION tj_query_dsl_stage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Query" q SET "dslStage" = n.stage
    FROM (SELECT DISTINCT ON ("queryId") "queryId", stage, version FROM new_versions ORDER BY "queryId", version DESC) n
   WHERE q.id = n."queryId"
     AND NOT EXISTS (SELECT 1 FROM "DslVersion" x WHERE x."queryId" = n."queryId" AND x.version > n.version);
  RETURN NULL;
END $$;

CREATE TRIGGER tj_query_dsl_stage AFTER INSERT ON "DslVersion" REFERENCING NEW TABLE AS new_versions
  FOR EACH STATEMENT EXECUTE FUNCTION tj_query_dsl_stage();

-- The text search (ILIKE '%…%') through trigrams, where the server has pg_trgm (a trusted extension: the database's
-- owner may create it). Without it the search still works, reading the requests in the page's order.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX "Query_text_trgm_idx" ON "Query" USING gin (text gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'no trigram index for the request search (%): searches read the requests in order', SQLERRM;
END $$;
