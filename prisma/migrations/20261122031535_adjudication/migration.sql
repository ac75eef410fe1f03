-- CreateTable
CREATE TABLE "Adjudication" (
    "pairId" TEXT NOT NULL,
    "label" "Verdict" NOT NULL,
    "adminId" TEXT,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Adjudication_pkey" PRIMARY KEY ("pairId")
);

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;
