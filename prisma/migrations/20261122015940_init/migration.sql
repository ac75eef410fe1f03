-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('ADMIN', 'EXPERT');

-- CreateEnum
CREATE TYPE "DatasetFormat" AS ENUM ('TRIPSCORE', 'CHINATRAVEL', 'TRIPCRAFT', 'CANONICAL');

-- CreateEnum
CREATE TYPE "PoiKind" AS ENUM ('ATTRACTION', 'RESTAURANT', 'HOTEL', 'STATION', 'AIRPORT', 'OTHER');

-- CreateEnum
CREATE TYPE "PairStatus" AS ENUM ('OPEN', 'COMPLETE');

-- CreateEnum
CREATE TYPE "AssignmentStatus" AS ENUM ('CLAIMED', 'SUBMITTED', 'SKIPPED', 'RELEASED', 'EXPIRED');

-- CreateEnum
CREATE TYPE "Verdict" AS ENUM ('A', 'B', 'NEITHER');

-- CreateEnum
CREATE TYPE "DslStage" AS ENUM ('DRAFT', 'REVISED', 'VERIFIED', 'FINAL');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "passwordHash" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sessionVersion" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invite" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Invite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lastFailureAt" TIMESTAMP(3),
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "LoginThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Destination" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "lat" DOUBLE PRECISION NOT NULL,
    "lon" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Destination_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExpertDestination" (
    "userId" TEXT NOT NULL,
    "destinationId" TEXT NOT NULL,
    "familiarity" INTEGER NOT NULL,
    "assignedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExpertDestination_pkey" PRIMARY KEY ("userId","destinationId")
);

-- CreateTable
CREATE TABLE "Dataset" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "format" "DatasetFormat" NOT NULL,
    "contentHash" TEXT NOT NULL,
    "counts" JSONB NOT NULL,
    "showDiagnostics" BOOLEAN NOT NULL DEFAULT false,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Dataset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Poi" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "destinationId" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "PoiKind" NOT NULL,
    "lat" DOUBLE PRECISION,
    "lon" DOUBLE PRECISION,
    "tags" TEXT[],
    "openingHours" JSONB,
    "price" DOUBLE PRECISION,
    "stars" INTEGER,
    "recommendedMinutes" INTEGER,
    "extra" JSONB,

    CONSTRAINT "Poi_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Query" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "destinationId" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "origin" TEXT,
    "days" INTEGER NOT NULL,
    "people" INTEGER NOT NULL DEFAULT 1,
    "startDate" TEXT,
    "preferences" JSONB NOT NULL,
    "split" TEXT,
    "raw" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Query_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Plan" (
    "id" TEXT NOT NULL,
    "queryId" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "raw" JSONB NOT NULL,
    "itinerary" JSONB NOT NULL,
    "features" JSONB,
    "feasible" BOOLEAN NOT NULL DEFAULT true,
    "contentHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Plan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Pair" (
    "id" TEXT NOT NULL,
    "queryId" TEXT NOT NULL,
    "planAId" TEXT NOT NULL,
    "planBId" TEXT NOT NULL,
    "requiredRaters" INTEGER NOT NULL DEFAULT 3,
    "status" "PairStatus" NOT NULL DEFAULT 'OPEN',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Pair_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Assignment" (
    "id" TEXT NOT NULL,
    "pairId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "status" "AssignmentStatus" NOT NULL DEFAULT 'CLAIMED',
    "leftPlanId" TEXT NOT NULL,
    "leaseExpiresAt" TIMESTAMP(3) NOT NULL,
    "claimedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),
    "skipReason" TEXT,

    CONSTRAINT "Assignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Judgment" (
    "id" TEXT NOT NULL,
    "assignmentId" TEXT NOT NULL,
    "pairId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "verdict" "Verdict" NOT NULL,
    "rationale" TEXT NOT NULL,
    "timeOnTaskMs" INTEGER NOT NULL,
    "clientRequestId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Judgment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DslVersion" (
    "id" TEXT NOT NULL,
    "queryId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "parentId" TEXT,
    "stage" "DslStage" NOT NULL,
    "constraints" JSONB NOT NULL,
    "note" TEXT,
    "authorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DslVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "targetType" TEXT,
    "targetId" TEXT,
    "data" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Setting_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Invite_tokenHash_key" ON "Invite"("tokenHash");

-- CreateIndex
CREATE INDEX "Invite_userId_idx" ON "Invite"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Destination_name_country_key" ON "Destination"("name", "country");

-- CreateIndex
CREATE INDEX "ExpertDestination_destinationId_idx" ON "ExpertDestination"("destinationId");

-- CreateIndex
CREATE UNIQUE INDEX "Dataset_contentHash_key" ON "Dataset"("contentHash");

-- CreateIndex
CREATE INDEX "Poi_datasetId_name_idx" ON "Poi"("datasetId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Poi_datasetId_sourceId_key" ON "Poi"("datasetId", "sourceId");

-- CreateIndex
CREATE INDEX "Query_destinationId_idx" ON "Query"("destinationId");

-- CreateIndex
CREATE UNIQUE INDEX "Query_datasetId_sourceId_key" ON "Query"("datasetId", "sourceId");

-- CreateIndex
CREATE UNIQUE INDEX "Plan_queryId_sourceId_key" ON "Plan"("queryId", "sourceId");

-- CreateIndex
CREATE INDEX "Pair_queryId_idx" ON "Pair"("queryId");

-- CreateIndex
CREATE INDEX "Pair_status_createdAt_idx" ON "Pair"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Pair_planAId_planBId_key" ON "Pair"("planAId", "planBId");

-- CreateIndex
CREATE INDEX "Assignment_userId_status_idx" ON "Assignment"("userId", "status");

-- CreateIndex
CREATE INDEX "Assignment_status_leaseExpiresAt_idx" ON "Assignment"("status", "leaseExpiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Assignment_pairId_userId_key" ON "Assignment"("pairId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Judgment_assignmentId_key" ON "Judgment"("assignmentId");

-- CreateIndex
CREATE UNIQUE INDEX "Judgment_clientRequestId_key" ON "Judgment"("clientRequestId");

-- CreateIndex
CREATE INDEX "Judgment_pairId_idx" ON "Judgment"("pairId");

-- CreateIndex
CREATE INDEX "Judgment_userId_idx" ON "Judgment"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "DslVersion_queryId_version_key" ON "DslVersion"("queryId", "version");

-- CreateIndex
CREATE INDEX "AuditEvent_createdAt_idx" ON "AuditEvent"("createdAt");

-- CreateIndex
CREATE INDEX "AuditEvent_action_idx" ON "AuditEvent"("action");

-- AddForeignKey
ALTER TABLE "Invite" ADD CONSTRAINT "Invite_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpertDestination" ADD CONSTRAINT "ExpertDestination_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpertDestination" ADD CONSTRAINT "ExpertDestination_destinationId_fkey" FOREIGN KEY ("destinationId") REFERENCES "Destination"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Dataset" ADD CONSTRAINT "Dataset_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Poi" ADD CONSTRAINT "Poi_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Poi" ADD CONSTRAINT "Poi_destinationId_fkey" FOREIGN KEY ("destinationId") REFERENCES "Destination"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Query" ADD CONSTRAINT "Query_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Query" ADD CONSTRAINT "Query_destinationId_fkey" FOREIGN KEY ("destinationId") REFERENCES "Destination"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Plan" ADD CONSTRAINT "Plan_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pair" ADD CONSTRAINT "Pair_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pair" ADD CONSTRAINT "Pair_planAId_fkey" FOREIGN KEY ("planAId") REFERENCES "Plan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pair" ADD CONSTRAINT "Pair_planBId_fkey" FOREIGN KEY ("planBId") REFERENCES "Plan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judgment" ADD CONSTRAINT "Judgment_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judgment" ADD CONSTRAINT "Judgment_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judgment" ADD CONSTRAINT "Judgment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DslVersion" ADD CONSTRAINT "DslVersion_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DslVersion" ADD CONSTRAINT "DslVersion_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "DslVersion"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DslVersion" ADD CONSTRAINT "DslVersion_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEvent" ADD CONSTRAINT "AuditEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written (Prisma cannot express these): a pair's slot is held by at most one live
-- assignment, and familiarity/raters stay in range.
CREATE UNIQUE INDEX "Assignment_live_slot_key" ON "Assignment"("pairId", "slot") WHERE "status" IN ('CLAIMED', 'SUBMITTED');
ALTER TABLE "ExpertDestination" ADD CONSTRAINT "ExpertDestination_familiarity_check" CHECK ("familiarity" BETWEEN 1 AND 5);
ALTER TABLE "Pair" ADD CONSTRAINT "Pair_requiredRaters_check" CHECK ("requiredRaters" BETWEEN 1 AND 10);
ALTER TABLE "Pair" ADD CONSTRAINT "Pair_distinct_plans_check" CHECK ("planAId" <> "planBId");
