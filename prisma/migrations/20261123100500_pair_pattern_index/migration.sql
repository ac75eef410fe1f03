-- CreateIndex
CREATE INDEX "Pair_verdictPattern_idx" ON "Pair"("verdictPattern");
