/**
 * Serving priorities in the worker (decision 020): the recompute of a dataset's priorities, asked for by an admin's
 * change of its serving order or by the look-out, which every few seconds finds the datasets whose judgments moved by
 * `prioritiesEvery` since their last recompute (lib/judging/store/priorities.ts) and asks for theirs.
 */
import type PgBoss from "pg-boss";
import { z } from "zod";
import type { Db } from "../../db/client";
import { getSettings, newDueMemo, prioritiesDue, recomputePriorities } from "../../../judging/store";
import { requestPriorities } from "../queue";

export const prioritiesInput = z.object({ datasetId: z.string().min(1).max(64) });

/** One recompute, from the queue's job data. */
export async function prioritiesJob(db: Db, data: unknown): Promise<void> {
  await recomputePriorities(db, prioritiesInput.parse(data).datasetId);
}

/** A dataset asked for again only after its last recompute changed, or after this long (a recompute that failed). */
const ASK_AGAIN_MS = 10 * 60_000;

/** The look-out: call it every few seconds; a call while the previous one runs does nothing. */
export function prioritiesLookout(db: Db, boss: PgBoss): () => Promise<void> {
  const memo = newDueMemo();
  const asked = new Map<string, { last: string | null; at: number }>();
  let running = false;
  return async () => {
    if (running) return;
    running = true;
    try {
      const { prioritiesEvery } = await getSettings(db);
      for (const { datasetId, lastAt } of await prioritiesDue(db, prioritiesEvery, memo)) {
        const before = asked.get(datasetId);
        if (before && before.last === lastAt && Date.now() - before.at < ASK_AGAIN_MS) continue;
        await requestPriorities(boss, datasetId);
        asked.set(datasetId, { last: lastAt, at: Date.now() });
      }
    } finally {
      running = false;
    }
  };
}
