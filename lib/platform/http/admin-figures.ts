/** The admin pages' figures, light (shared a few seconds in this process) or heavy (stored, decision 017). */
import { config, ADMIN_FIGURES, recent } from "../../kernel";
import { db } from "../db/client";
import { storedOrComputed } from "../db/figures";

/**
 * An admin page's figures. Light ones are shared by every reload within ADMIN_FIGURES_MAX_AGE_SECONDS in this process.
 * Heavy ones (computed in an admin process, decision 017) are stored in the database and read by every reload and every
 * app process for ADMIN_HEAVY_FIGURES_MAX_AGE_SECONDS: reloading a heavy page never computes it again, so an admin
 * reloading in a loop does not take the cores from experts judging. Any change an admin makes forgets both (withRole),
 * and so does "Recompute" (POST /api/admin/figures). Answers say when they were computed, and `updating` when the
 * judgments behind stored figures changed and fresh ones are being computed (the page asks again meanwhile).
 */
export async function adminFigures<T extends object>(
  key: string,
  compute: (progressKey: string) => Promise<T>,
  weight: "light" | "heavy" = "light",
): Promise<T & { computedAt: string; updating: boolean }> {
  const c = config();
  const { result, computedAt, updating } =
    weight === "light"
      ? {
          ...(await recent(`${ADMIN_FIGURES}${key}`, c.ADMIN_FIGURES_MAX_AGE_SECONDS * 1000, () => compute(key))),
          updating: false,
        }
      : await storedOrComputed(db(), key, c.ADMIN_HEAVY_FIGURES_MAX_AGE_SECONDS * 1000, compute);
  return { ...result, computedAt: computedAt.toISOString(), updating };
}
