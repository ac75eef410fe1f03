-- AlterTable
ALTER TABLE "GoldPair" ADD COLUMN     "alteredRef" TEXT;

-- Gold pairs made before: their altered copies get a plan id too (the correction screen opens them by it).
UPDATE "GoldPair" SET "alteredRef" = gen_random_uuid()::text WHERE altered IS NOT NULL;

-- CreateTable
CREATE TABLE "GoldCorrection" (
    "id" TEXT NOT NULL,
    "goldPairId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "clientRequestId" TEXT NOT NULL,
    "planRef" TEXT NOT NULL,
    "ops" JSONB NOT NULL,
    "timeOnTaskMs" INTEGER NOT NULL,
    "corrected" JSON NOT NULL,
    "rewardBefore" DOUBLE PRECISION NOT NULL,
    "rewardAfter" DOUBLE PRECISION NOT NULL,
    "outcome" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GoldCorrection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "GoldCorrection_goldPairId_idx" ON "GoldCorrection"("goldPairId");

-- CreateIndex
CREATE UNIQUE INDEX "GoldCorrection_userId_clientRequestId_key" ON "GoldCorrection"("userId", "clientRequestId");

-- CreateIndex
CREATE UNIQUE INDEX "GoldPair_alteredRef_key" ON "GoldPair"("alteredRef");

-- AddForeignKey
ALTER TABLE "GoldCorrection" ADD CONSTRAINT "GoldCorrection_goldPairId_fkey" FOREIGN KEY ("goldPairId") REFERENCES "GoldPair"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldCorrection" ADD CONSTRAINT "GoldCorrection_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
