-- AlterTable
ALTER TABLE "StoredFigures" ADD COLUMN     "dataVersion" BIGINT;

-- The version of the data the heavy figures are computed from (issue 43: a Quality page kept showing "0 judgments
-- of 0 complete pairs" with 63 complete until Recompute). A sequence, not a counter row: nextval takes no row lock,
-- so submits never wait on each other for it, and its value is seen at once, outside transactions.
CREATE SEQUENCE tj_figures_version;
-- The triggers that move it, and their function: prisma/functions/tj_figures_changed.sql.
