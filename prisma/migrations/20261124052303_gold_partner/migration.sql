-- AlterTable
ALTER TABLE "GoldPair" ADD COLUMN     "partnerPlanId" TEXT;

-- AddForeignKey
ALTER TABLE "GoldPair" ADD CONSTRAINT "GoldPair_partnerPlanId_fkey" FOREIGN KEY ("partnerPlanId") REFERENCES "Plan"("id") ON DELETE CASCADE ON UPDATE CASCADE;
