-- AlterTable: each plan's style covariates for the leaderboard's style control (lib/leaderboard/style.ts), kept
-- the first time a leaderboard needs them (lib/db/results/leaderboard.ts): a plan never changes after import, and
-- reading every itinerary again made each leaderboard with style control read every plan document.
ALTER TABLE "Plan" ADD COLUMN     "style" JSONB;
