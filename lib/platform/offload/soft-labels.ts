/**
 * Soft labels in an admin process: one Dawid–Skene model serves an export's batches (the export passes back the
 * fit's id), and later exports reuse it like the other heavy figures (decision 017): while it is younger than
 * ADMIN_HEAVY_FIGURES_MAX_AGE_SECONDS, no admin change or "Recompute" has forgotten it (its mark among the stored
 * figures is gone), and every expert with a judgment on a complete pair is one it saw (else a pair they judged
 * would have no label). Each batch's posteriors are computed here from its pairs' judgments as the export read them
 * (with its rows), and only they cross to the web server. Fits nobody used for ten minutes are dropped (a fit keeps only the model:
 * priors and each expert's confusion matrix).
 */
import { randomUUID } from "node:crypto";
import { config } from "../../kernel";
import type { Db } from "../db/client";
import { dropStoredFigures, storedFigures, storeFigures } from "../db/figures";
import { expertsJudgingCompletePairs, fitSoftLabels } from "../../quality/store";
import { softLabelsOfPairs, type RatedPair, type SoftLabels } from "../../quality/reliability";
import type { SoftLabelSource } from "../../exports/store";

interface Fit {
  at: number;
  used: number;
  model: ReturnType<typeof fitSoftLabels>;
}

const fits = new Map<string, Fit>();
const IDLE_MS = 10 * 60_000;
const MARK = "soft-labels:";
const markOf = (id: string) => `${MARK}${id}`;

/** The newest fit a new export may share, if any (see the header). */
async function reusable(db: Db, now: number): Promise<string | undefined> {
  const maxAgeMs = config().ADMIN_HEAVY_FIGURES_MAX_AGE_SECONDS * 1000;
  const [id, fit] = [...fits].filter(([, f]) => now - f.at < maxAgeMs).sort(([, u], [, v]) => v.at - u.at)[0] ?? [];
  if (!id || !fit) return undefined;
  const model = await fit.model.catch(() => null);
  // A fit of nothing is not shared: the first complete pair would have no label.
  if (!model || !(await storedFigures(db, markOf(id), maxAgeMs))) return undefined;
  for (const expert of await expertsJudgingCompletePairs(db)) if (!model.raters.has(expert)) return undefined;
  return id;
}

export async function softLabelsFor(
  db: Db,
  a: { fit?: string; pairs: readonly RatedPair[] },
): Promise<{ fit: string; labels: SoftLabels }> {
  const now = Date.now();
  for (const [id, f] of fits) if (now - f.used > IDLE_MS) fits.delete(id);
  let id = a.fit && fits.has(a.fit) ? a.fit : await reusable(db, now);
  if (!id) {
    const fresh = randomUUID();
    const began = new Date();
    const model = fitSoftLabels(db).then(async (m) => {
      await storeFigures(db, markOf(fresh), { answer: "null", computedAt: began }, began);
      await dropStoredFigures(
        db,
        MARK,
        new Date(began.getTime() - config().ADMIN_HEAVY_FIGURES_MAX_AGE_SECONDS * 1000),
      );
      return m;
    });
    fits.set(fresh, { at: now, used: now, model });
    // A failed fit is not kept.
    model.catch(() => fits.delete(fresh));
    id = fresh;
  }
  const fit = fits.get(id)!;
  fit.used = now;
  const model = await fit.model;
  return { fit: id, labels: model ? softLabelsOfPairs(model, a.pairs) : new Map() };
}

/** One export's soft labels in this process: one fit for the whole export, shared with exports begun within the figures' age. */
export function sharedSoftLabels(db: Db): SoftLabelSource {
  let fit: string | undefined;
  return async (pairs) => {
    const r = await softLabelsFor(db, { fit, pairs });
    fit = r.fit;
    return r.labels;
  };
}
