-- Issue 45: judges' probabilities (JudgeVerdict pA/pB/pNeither/samples), guaranteed escalation (Dataset.escalation,
-- JudgeDecision, pairs DECIDED by a judge leave the queue), and the serving order (Pair.priority, read first by
-- tj_claim; the old status indexes are replaced by ones that lead with the priority, so the claim still walks one).

-- AlterEnum
ALTER TYPE "PairStatus" ADD VALUE 'DECIDED';

-- DropIndex
DROP INDEX "Pair_status_createdAt_idx";

-- DropIndex
DROP INDEX "Pair_status_submittedCount_claimedCount_createdAt_idx";

-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "escalation" JSONB,
ADD COLUMN     "escalationState" JSONB,
ADD COLUMN     "explorationShare" DOUBLE PRECISION NOT NULL DEFAULT 0.1,
ADD COLUMN     "servingOrder" TEXT NOT NULL DEFAULT 'imported';

-- AlterTable
ALTER TABLE "Pair" ADD COLUMN     "escalationCalibration" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "priority" DOUBLE PRECISION NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "JudgeVerdict" ADD COLUMN     "pA" DOUBLE PRECISION,
ADD COLUMN     "pB" DOUBLE PRECISION,
ADD COLUMN     "pNeither" DOUBLE PRECISION,
ADD COLUMN     "samples" "Verdict"[] DEFAULT ARRAY[]::"Verdict"[];

-- CreateTable
CREATE TABLE "JudgeDecision" (
    "pairId" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "judge" TEXT NOT NULL,
    "verdict" "Verdict" NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "audit" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeDecision_pkey" PRIMARY KEY ("pairId")
);

-- CreateIndex
CREATE INDEX "JudgeDecision_datasetId_audit_idx" ON "JudgeDecision"("datasetId", "audit");

-- CreateIndex
CREATE INDEX "Pair_status_priority_createdAt_idx" ON "Pair"("status", "priority" DESC, "createdAt");

-- CreateIndex
CREATE INDEX "Pair_status_priority_submittedCount_claimedCount_createdAt_idx" ON "Pair"("status", "priority" DESC, "submittedCount" DESC, "claimedCount" DESC, "createdAt");

-- AddForeignKey
ALTER TABLE "JudgeDecision" ADD CONSTRAINT "JudgeDecision_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;
