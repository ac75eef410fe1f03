-- AlterTable
ALTER TABLE "Pair" ADD COLUMN     "claimedCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "submittedCount" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Pair_status_submittedCount_claimedCount_createdAt_idx" ON "Pair"("status", "submittedCount" DESC, "claimedCount" DESC, "createdAt");

-- Backfill the counters from the assignments that exist.
UPDATE "Pair" p SET
  "claimedCount" = (SELECT COUNT(*) FROM "Assignment" a WHERE a."pairId" = p.id AND a.status = 'CLAIMED'),
  "submittedCount" = (SELECT COUNT(*) FROM "Assignment" a WHERE a."pairId" = p.id AND a.status = 'SUBMITTED');
