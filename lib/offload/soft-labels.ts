/**
 * Soft labels in an admin thread: one Dawid–Skene fit serves an export's batches (the export passes back the
 * fit's id), and exports begun within ADMIN_FIGURES_MAX_AGE_SECONDS of a fit share it; only each batch's labels
 * cross to the web server. Fits nobody used for ten minutes are dropped.
 */
import { randomUUID } from "node:crypto";
import { config } from "../config";
import type { Db } from "../db/client";
import { pickSoftLabels, softLabels, type SoftLabels } from "../db/quality";

interface Fit {
  at: number;
  used: number;
  labels: Promise<SoftLabels>;
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
    const labels = softLabels(db);
    fits.set(id, { at: now, used: now, labels });
    // A failed fit is not kept.
    labels.catch(() => fits.delete(id!));
  }
  const fit = fits.get(id)!;
  fit.used = now;
  return { fit: id, labels: pickSoftLabels(await fit.labels, a.pairIds) };
}
