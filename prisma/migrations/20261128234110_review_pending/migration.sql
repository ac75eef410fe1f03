-- CreateTable
CREATE TABLE "ReviewPending" (
    "judgmentId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "destinationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,

    CONSTRAINT "ReviewPending_pkey" PRIMARY KEY ("judgmentId")
);

-- CreateIndex
CREATE INDEX "ReviewPending_createdAt_judgmentId_idx" ON "ReviewPending"("createdAt", "judgmentId");

-- CreateIndex
CREATE INDEX "Judgment_createdAt_id_idx" ON "Judgment"("createdAt", "id");

-- AddForeignKey
ALTER TABLE "ReviewPending" ADD CONSTRAINT "ReviewPending_judgmentId_fkey" FOREIGN KEY ("judgmentId") REFERENCES "Judgment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
