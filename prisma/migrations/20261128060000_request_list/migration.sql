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

-- Kept on each insert of versions by the trigger tj_query_dsl_stage (prisma/functions/tj_query_dsl_stage.sql, which
-- makes the trigger too: function files run after the migrations).

-- The text search (ILIKE '%…%') through trigrams, where the server has pg_trgm (a trusted extension: the database's
-- owner may create it). Without it the search still works, reading the requests in the page's order.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX "Query_text_trgm_idx" ON "Query" USING gin (text gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'no trigram index for the request search (%): searches read the requests in order', SQLERRM;
END $$;
