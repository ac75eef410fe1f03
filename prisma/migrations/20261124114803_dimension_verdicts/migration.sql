-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "dimensions" JSONB,
ADD COLUMN     "dimensionsVersion" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Judgment" ADD COLUMN     "dimensions" JSONB;

-- AlterTable
ALTER TABLE "GoldAnswer" ADD COLUMN     "dimensions" JSONB;

-- CreateTable
CREATE TABLE "DimensionSet" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "dimensions" JSONB NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DimensionSet_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DimensionSet_datasetId_version_key" ON "DimensionSet"("datasetId", "version");

-- AddForeignKey
ALTER TABLE "DimensionSet" ADD CONSTRAINT "DimensionSet_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DimensionSet" ADD CONSTRAINT "DimensionSet_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
