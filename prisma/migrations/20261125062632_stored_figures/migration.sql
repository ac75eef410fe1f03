-- CreateTable
CREATE TABLE "StoredFigures" (
    "key" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StoredFigures_pkey" PRIMARY KEY ("key")
);
