/** An import as users see it: stream, validate and write all of it or nothing; the same content twice changes nothing. */
import {
  ImportRefused,
  memorySource,
  noPairsNote,
  sourceHash,
  streamBundle,
  type BundleFiles,
  type BundleSource,
  type ImportOptions,
  type RefusedImport,
} from "../importers";
import type { DatasetCounts } from "../normalized";
import type { Db } from "../../platform/db";
import { AlreadyImported, DatabaseSink, type AddedToDataset } from "./import-sink";

export type { AddedToDataset };

export type ImportOutcome =
  | {
      ok: true;
      datasetId: string;
      /** New rows were written: a new dataset, or plans added to one (`added`). */
      created: boolean;
      counts: DatasetCounts;
      name: string;
      /** Set when the plans went into an existing dataset (`intoDatasetId`). */
      added?: AddedToDataset;
      /** Why no pairs were made, and what to do (lib/datasets/importers/pairing.ts). */
      note?: string;
    }
  | RefusedImport;

/** Imports a bundle (a source, or files in memory). The source is closed at the end. */
export async function importBundle(
  db: Db,
  input: BundleSource | BundleFiles,
  opts: ImportOptions & {
    actorId?: string | null;
    /** Asked inside the transaction just before it commits: throwing there keeps nothing (a cancelled job). */
    beforeCommit?: () => Promise<void>;
    /**
     * Add the bundle's plans to this dataset (another planner's plans for its requests) instead of making a new one.
     * A retry changes nothing: plans the dataset has (the same itinerary for the same request) are not written again.
     */
    intoDatasetId?: string;
  } = {},
): Promise<ImportOutcome> {
  let source: BundleSource | null = null;
  try {
    source = input instanceof Map ? memorySource(input, opts.maxBytes) : input;
    const hash = await sourceHash(source);
    // An add is not told apart by the bundle's hash (the same bundle may have been imported alone before, and each
    // planner's bundle is new content): its plans are matched to the dataset's instead.
    const known = opts.intoDatasetId ? null : await db.dataset.findUnique({ where: { contentHash: hash } });
    if (known)
      return {
        ok: true,
        datasetId: known.id,
        created: false,
        counts: known.counts as unknown as DatasetCounts,
        name: known.name,
      };
    const sink = new DatabaseSink(db, {
      contentHash: hash,
      actorId: opts.actorId,
      beforeCommit: opts.beforeCommit,
      intoDatasetId: opts.intoDatasetId,
      excludeInfeasible: opts.excludeInfeasible,
    });
    try {
      const r = await streamBundle(source, sink, opts);
      if (!r.ok) return r;
      const added = sink.added ?? undefined;
      const counts = added ? { ...r.counts, plans: added.plans, pairs: added.pairs } : r.counts;
      const note = noPairsNote({
        ...r.requests,
        plans: r.counts.plans,
        pairs: counts.pairs,
        excludeInfeasible: !!opts.excludeInfeasible,
        addedTo: added && { name: added.name, requests: added.requests, matched: added.matched },
      });
      return {
        ok: true,
        datasetId: sink.datasetId,
        created: !added || added.plans > 0,
        counts,
        name: added?.name ?? r.header.name,
        ...(added ? { added } : {}),
        ...(note ? { note } : {}),
      };
    } catch (e) {
      if (e instanceof AlreadyImported && sink.existing) {
        const row = await db.dataset.findUnique({ where: { id: sink.existing.id } });
        return {
          ok: true,
          datasetId: sink.existing.id,
          created: false,
          counts: sink.existing.counts,
          name: row?.name ?? "",
        };
      }
      throw e;
    }
  } catch (e) {
    if (e instanceof ImportRefused) return e.outcome;
    throw e;
  } finally {
    await source?.close();
  }
}

export async function listDatasets(db: Db) {
  const rows = await db.dataset.findMany({
    orderBy: { createdAt: "desc" },
    include: { createdBy: { select: { name: true } } },
  });
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    format: d.format,
    counts: d.counts as unknown as DatasetCounts,
    createdAt: d.createdAt.toISOString(),
    createdBy: d.createdBy?.name ?? null,
  }));
}
