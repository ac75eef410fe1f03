/**
 * Soft labels in an admin process: one Dawid–Skene model serves an export's batches (the export passes back the
 * fit's id), and exports begun within ADMIN_FIGURES_MAX_AGE_SECONDS of a fit share it; each batch's posteriors are
 * computed here from its pairs' judgments, and only they cross to the web server. Fits nobody used for ten minutes
 * are dropped (a fit keeps only the model: priors and each expert's confusion matrix).
 */
import { randomUUID } from "node:crypto";
import { config } from "../config";
import type { Db } from "../db/infra/client";
import { fitSoftLabels, softLabels } from "../db/quality/quality";
import type { SoftLabels } from "../reliability";

interface Fit {
  at: number;
  used: number;
  model: ReturnType<typeof fitSoftLabels>;
}

const fits = new Map<string, Fit>();
const IDLE_MS = 10 * 60_000;

export async function softLabelsFor(
  db: Db,
  a: { fit?: string; pairIds: string[] },
): Promise<{ fit: string; labels: SoftLabels }> {
  const now = Date.now();
  for (const [id, f] of fits) if (now - f.used > IDLE_MS) fits.delete(id);
  const fresh = config().ADMIN_FIGURES_MAX_AGE_SECONDS * 1000;
  let id = a.fit && fits.has(a.fit) ? a.fit : [...fits].find(([, f]) => now - f.at < fresh)?.[0];
  if (!id) {
    id = randomUUID();
    const model = fitSoftLabels(db);
    fits.set(id, { at: now, used: now, model });
    // A failed fit is not kept.
    model.catch(() => fits.delete(id!));
  }
  const fit = fits.get(id)!;
  fit.used = now;
  return { fit: id, labels: await softLabels(db, await fit.model, a.pairIds) };
}
