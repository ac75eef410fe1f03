-- CreateEnum
CREATE TYPE "ReviewAction" AS ENUM ('ACCEPT', 'REJECT', 'COMMENT');

-- AlterEnum
ALTER TYPE "Role" ADD VALUE 'REVIEWER';

-- AlterEnum
ALTER TYPE "AssignmentStatus" ADD VALUE 'REJECTED';

-- CreateTable
CREATE TABLE "JudgmentReview" (
    "id" TEXT NOT NULL,
    "judgmentId" TEXT NOT NULL,
    "pairId" TEXT NOT NULL,
    "expertId" TEXT NOT NULL,
    "reviewerId" TEXT NOT NULL,
    "action" "ReviewAction" NOT NULL,
    "text" TEXT,
    "statusBefore" TEXT NOT NULL,
    "statusAfter" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgmentReview_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RejectedJudgment" (
    "id" TEXT NOT NULL,
    "assignmentId" TEXT NOT NULL,
    "pairId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "verdict" "Verdict" NOT NULL,
    "strength" SMALLINT,
    "dimensions" JSONB,
    "rationale" TEXT NOT NULL,
    "timeOnTaskMs" INTEGER NOT NULL,
    "clientRequestId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "slot" INTEGER NOT NULL,
    "leftPlanId" TEXT NOT NULL,
    "claimedAt" TIMESTAMP(3) NOT NULL,
    "reviewerId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "rejectedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RejectedJudgment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewClaim" (
    "judgmentId" TEXT NOT NULL,
    "reviewerId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReviewClaim_pkey" PRIMARY KEY ("judgmentId")
);

-- CreateIndex
CREATE INDEX "JudgmentReview_judgmentId_createdAt_idx" ON "JudgmentReview"("judgmentId", "createdAt");

-- CreateIndex
CREATE INDEX "JudgmentReview_expertId_action_idx" ON "JudgmentReview"("expertId", "action");

-- CreateIndex
CREATE UNIQUE INDEX "RejectedJudgment_assignmentId_key" ON "RejectedJudgment"("assignmentId");

-- CreateIndex
CREATE INDEX "RejectedJudgment_userId_rejectedAt_idx" ON "RejectedJudgment"("userId", "rejectedAt");

-- CreateIndex
CREATE INDEX "RejectedJudgment_pairId_idx" ON "RejectedJudgment"("pairId");

-- CreateIndex
CREATE INDEX "ReviewClaim_reviewerId_idx" ON "ReviewClaim"("reviewerId");
