-- CreateTable
CREATE TABLE "JudgeImport" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "judges" TEXT[],
    "verdicts" INTEGER NOT NULL,
    "actorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeVerdict" (
    "id" TEXT NOT NULL,
    "importId" TEXT NOT NULL,
    "pairId" TEXT NOT NULL,
    "judge" TEXT NOT NULL,
    "verdict" "Verdict" NOT NULL,
    "order" TEXT,
    "scoreA" DOUBLE PRECISION,
    "scoreB" DOUBLE PRECISION,

    CONSTRAINT "JudgeVerdict_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "JudgeImport_contentHash_key" ON "JudgeImport"("contentHash");

-- CreateIndex
CREATE INDEX "JudgeVerdict_judge_idx" ON "JudgeVerdict"("judge");

-- CreateIndex
CREATE INDEX "JudgeVerdict_pairId_idx" ON "JudgeVerdict"("pairId");

-- AddForeignKey
ALTER TABLE "JudgeVerdict" ADD CONSTRAINT "JudgeVerdict_importId_fkey" FOREIGN KEY ("importId") REFERENCES "JudgeImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeVerdict" ADD CONSTRAINT "JudgeVerdict_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;
