/**
 * The leaderboard's scope as its routes read it from the query string (the leaderboard, the judges it offers, the
 * judgments still needed): one schema and one mapping to the store's filters, so the pages' filters mean the same
 * everywhere; and the bootstrap's replicates and seed, which the judgments still needed take from the page so that
 * its half-widths are the table's.
 */
import { z } from "zod";
import { dimensionKey } from "../dimensions";

export const leaderboardScopeQuery = z.object({
  dataset: z.string().min(1).max(64).optional(),
  destination: z.string().min(1).max(64).optional(),
  days: z.coerce.number().int().min(1).max(60).optional(),
  gates: z.enum(["0", "1"]).default("0"),
  /** Battles from one dimension's verdicts ("about the same" a tie) instead of the overall verdict. */
  dimension: dimensionKey.optional(),
});

const MAX_BOOTSTRAP = 2000;

/** The table's bootstrap: its replicates (each a full fit, so bounded: one request cannot hold the server) and seed. */
export const leaderboardBootstrapQuery = z.object({
  bootstrap: z.coerce
    .number()
    .int()
    .min(10, "at least 10 bootstrap replicates")
    .max(MAX_BOOTSTRAP, `at most ${MAX_BOOTSTRAP} bootstrap replicates`)
    .default(1000),
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1),
});

/** The store's battle filters (lib/results/store BattleFilters) of a parsed scope. */
export function leaderboardFilters(
  q: Omit<z.output<typeof leaderboardScopeQuery>, "dimension"> & { dimension?: string },
) {
  return {
    datasetId: q.dataset ?? null,
    destinationId: q.destination ?? null,
    days: q.days ?? null,
    bothGates: q.gates === "1",
    dimension: q.dimension ?? null,
  };
}
