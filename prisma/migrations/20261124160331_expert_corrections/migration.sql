-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "correctAfterVerdict" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "correctionVotes" TEXT NOT NULL DEFAULT 'two_of_two',
ADD COLUMN     "correctors" TEXT NOT NULL DEFAULT 'experts';

-- CreateTable
CREATE TABLE "Correction" (
    "id" TEXT NOT NULL,
    "sourcePlanId" TEXT NOT NULL,
    "planId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "clientRequestId" TEXT NOT NULL,
    "ops" JSONB NOT NULL,
    "edits" JSONB NOT NULL,
    "timeOnTaskMs" INTEGER NOT NULL,
    "checks" JSONB NOT NULL,
    "featuresBefore" JSONB NOT NULL,
    "featuresAfter" JSONB NOT NULL,
    "rewardBefore" DOUBLE PRECISION NOT NULL,
    "rewardAfter" DOUBLE PRECISION NOT NULL,
    "constraintsBefore" JSONB NOT NULL,
    "constraintsAfter" JSONB NOT NULL,
    "verificationPairId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Correction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Correction_planId_key" ON "Correction"("planId");

-- CreateIndex
CREATE UNIQUE INDEX "Correction_verificationPairId_key" ON "Correction"("verificationPairId");

-- CreateIndex
CREATE INDEX "Correction_sourcePlanId_idx" ON "Correction"("sourcePlanId");

-- CreateIndex
CREATE UNIQUE INDEX "Correction_userId_clientRequestId_key" ON "Correction"("userId", "clientRequestId");

-- AddForeignKey
ALTER TABLE "Correction" ADD CONSTRAINT "Correction_sourcePlanId_fkey" FOREIGN KEY ("sourcePlanId") REFERENCES "Plan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Correction" ADD CONSTRAINT "Correction_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Correction" ADD CONSTRAINT "Correction_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Correction" ADD CONSTRAINT "Correction_verificationPairId_fkey" FOREIGN KEY ("verificationPairId") REFERENCES "Pair"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The settings' values (lib/corrections/settings.ts names them).
ALTER TABLE "Dataset" ADD CONSTRAINT "Dataset_correctors_check" CHECK ("correctors" IN ('experts', 'admins', 'nobody'));
ALTER TABLE "Dataset" ADD CONSTRAINT "Dataset_correctionVotes_check" CHECK ("correctionVotes" IN ('two_of_two', 'two_of_three'));
