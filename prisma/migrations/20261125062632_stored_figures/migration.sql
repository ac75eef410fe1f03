-- CreateTable
CREATE TABLE "StoredFigures" (
    "key" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL,
    "seconds" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "StoredFigures_pkey" PRIMARY KEY ("key")
);
