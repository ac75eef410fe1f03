-- CreateEnum
CREATE TYPE "FitStatus" AS ENUM ('QUEUED', 'RUNNING', 'DONE', 'FAILED');

-- CreateTable
CREATE TABLE "WeightFit" (
    "id" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "filters" JSONB NOT NULL,
    "options" JSONB NOT NULL,
    "status" "FitStatus" NOT NULL DEFAULT 'QUEUED',
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "report" JSONB,
    "error" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "WeightFit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RewardWeights" (
    "id" TEXT NOT NULL,
    "weights" JSONB NOT NULL,
    "fitId" TEXT,
    "note" TEXT NOT NULL,
    "actorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RewardWeights_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WeightFit_createdAt_idx" ON "WeightFit"("createdAt");

-- CreateIndex
CREATE INDEX "RewardWeights_createdAt_idx" ON "RewardWeights"("createdAt");

-- AddForeignKey
ALTER TABLE "WeightFit" ADD CONSTRAINT "WeightFit_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RewardWeights" ADD CONSTRAINT "RewardWeights_fitId_fkey" FOREIGN KEY ("fitId") REFERENCES "WeightFit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RewardWeights" ADD CONSTRAINT "RewardWeights_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- At most one queued or running fit per scope (a dataset, or "all"); Prisma's schema cannot say this.
CREATE UNIQUE INDEX "WeightFit_one_active_per_scope" ON "WeightFit"("scope") WHERE "status" IN ('QUEUED', 'RUNNING');
