-- CreateEnum
CREATE TYPE "Standing" AS ENUM ('ACTIVE', 'QUALIFYING', 'QUALIFICATION_FAILED', 'PAUSED');

-- CreateEnum
CREATE TYPE "GoldOrigin" AS ENUM ('PERTURBATION', 'PROMOTED');

-- CreateEnum
CREATE TYPE "GoldPurpose" AS ENUM ('QUALIFICATION', 'CHECK');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "goldSince" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "standing" "Standing" NOT NULL DEFAULT 'ACTIVE',
ADD COLUMN     "standingChangedAt" TIMESTAMP(3),
ADD COLUMN     "standingNote" TEXT;

-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "adaptiveRaters" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "goldRate" DOUBLE PRECISION NOT NULL DEFAULT 0.05;

-- CreateTable
CREATE TABLE "GoldPair" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "queryId" TEXT NOT NULL,
    "destinationId" TEXT NOT NULL,
    "origin" "GoldOrigin" NOT NULL,
    "planAId" TEXT NOT NULL,
    "planBId" TEXT,
    "altered" JSON,
    "alteredFeatures" JSON,
    "label" "Verdict" NOT NULL,
    "defectKind" TEXT,
    "defect" JSONB,
    "sourcePairId" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GoldPair_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GoldAnswer" (
    "id" TEXT NOT NULL,
    "goldPairId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "purpose" "GoldPurpose" NOT NULL,
    "leftIsA" BOOLEAN NOT NULL,
    "status" "AssignmentStatus" NOT NULL DEFAULT 'CLAIMED',
    "leaseExpiresAt" TIMESTAMP(3) NOT NULL,
    "claimedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),
    "verdict" "Verdict",
    "correct" BOOLEAN,
    "rationale" TEXT,
    "timeOnTaskMs" INTEGER,
    "clientRequestId" TEXT,
    "judgmentId" TEXT,

    CONSTRAINT "GoldAnswer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GoldPair_sourcePairId_key" ON "GoldPair"("sourcePairId");

-- CreateIndex
CREATE INDEX "GoldPair_destinationId_active_idx" ON "GoldPair"("destinationId", "active");

-- CreateIndex
CREATE UNIQUE INDEX "GoldPair_planAId_defectKind_key" ON "GoldPair"("planAId", "defectKind");

-- CreateIndex
CREATE UNIQUE INDEX "GoldAnswer_clientRequestId_key" ON "GoldAnswer"("clientRequestId");

-- CreateIndex
CREATE UNIQUE INDEX "GoldAnswer_judgmentId_key" ON "GoldAnswer"("judgmentId");

-- CreateIndex
CREATE INDEX "GoldAnswer_userId_status_idx" ON "GoldAnswer"("userId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "GoldAnswer_goldPairId_userId_key" ON "GoldAnswer"("goldPairId", "userId");

-- AddForeignKey
ALTER TABLE "GoldPair" ADD CONSTRAINT "GoldPair_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldPair" ADD CONSTRAINT "GoldPair_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldPair" ADD CONSTRAINT "GoldPair_planAId_fkey" FOREIGN KEY ("planAId") REFERENCES "Plan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldPair" ADD CONSTRAINT "GoldPair_planBId_fkey" FOREIGN KEY ("planBId") REFERENCES "Plan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldAnswer" ADD CONSTRAINT "GoldAnswer_goldPairId_fkey" FOREIGN KEY ("goldPairId") REFERENCES "GoldPair"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldAnswer" ADD CONSTRAINT "GoldAnswer_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What an expert sees of a gold answer: built exactly as tj_view_parts builds a real assignment's view
-- (same keys, same order, same number and time formats), so that nothing in the answer tells them apart.
-- Plan B of a perturbation is the stored altered itinerary and its features.
CREATE FUNCTION tj_gold_view_parts(p_answer text)
RETURNS TABLE (user_id text, status text, purpose text, head text, left_text text, right_text text, left_diagnostics text, right_diagnostics text)
LANGUAGE sql STABLE AS $$
  SELECT a."userId", a.status::text, a.purpose::text,
    json_build_object(
      'assignmentId', a.id, 'pairId', g.id,
      'leaseExpiresAt', to_char(a."leaseExpiresAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'expired', (a.status = 'EXPIRED' OR a."leaseExpiresAt" < now()),
      'query', json_build_object('id', q.id, 'text', q.text, 'origin', q.origin, 'days', q.days, 'people', q.people, 'startDate', q."startDate",
                 'preferences', q.preferences, 'destination', json_build_object('name', d.name, 'country', d.country, 'lat', d.lat, 'lon', d.lon))
    )::text,
    CASE WHEN a."leftIsA" THEN pa.itinerary::text ELSE coalesce(pb.itinerary::text, g.altered::text) END,
    CASE WHEN a."leftIsA" THEN coalesce(pb.itinerary::text, g.altered::text) ELSE pa.itinerary::text END,
    CASE WHEN ds."showDiagnostics" THEN (CASE WHEN a."leftIsA" THEN pa.features::text ELSE coalesce(pb.features::text, g."alteredFeatures"::text) END) END,
    CASE WHEN ds."showDiagnostics" THEN (CASE WHEN a."leftIsA" THEN coalesce(pb.features::text, g."alteredFeatures"::text) ELSE pa.features::text END) END
  FROM "GoldAnswer" a
  JOIN "GoldPair" g ON g.id = a."goldPairId"
  JOIN "Query" q ON q.id = g."queryId"
  JOIN "Destination" d ON d.id = q."destinationId"
  JOIN "Dataset" ds ON ds.id = g."datasetId"
  JOIN "Plan" pa ON pa.id = g."planAId"
  LEFT JOIN "Plan" pb ON pb.id = g."planBId"
  WHERE a.id = p_answer
$$;
