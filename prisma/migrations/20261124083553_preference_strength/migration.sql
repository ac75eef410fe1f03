-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "preferenceStrength" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Judgment" ADD COLUMN     "strength" SMALLINT;

-- AlterTable
ALTER TABLE "GoldAnswer" ADD COLUMN     "strength" SMALLINT;

-- A strength belongs to an A or B verdict only, and runs 1 (slightly) to 3 (decisively).
ALTER TABLE "Judgment" ADD CONSTRAINT "Judgment_strength_check"
  CHECK ("strength" IS NULL OR ("strength" BETWEEN 1 AND 3 AND "verdict" <> 'NEITHER'));
ALTER TABLE "GoldAnswer" ADD CONSTRAINT "GoldAnswer_strength_check"
  CHECK ("strength" IS NULL OR ("strength" BETWEEN 1 AND 3 AND "verdict" <> 'NEITHER'));
