-- Empty at first and rightly so: no released version stored a strength or a dimension answer (both arrive with
-- this release), and tj_tally_pair fills it from here on (tj_rebuild_tallies rebuilds it with the rest).
-- CreateTable
CREATE TABLE "ScaleTally" (
    "datasetId" TEXT NOT NULL,
    "destinationId" TEXT NOT NULL,
    "scale" TEXT NOT NULL,
    "pattern" SMALLINT NOT NULL,
    "pairs" INTEGER NOT NULL,

    CONSTRAINT "ScaleTally_pkey" PRIMARY KEY ("datasetId","destinationId","scale","pattern")
);
