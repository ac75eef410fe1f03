/** An import as users see it: stream, validate and write all of it or nothing; the same content twice changes nothing. */
import { streamBundle, type ImportOptions } from "../../importers";
import { ImportRefused, type RefusedImport } from "../../importers";
import { memorySource, sourceHash, type BundleFiles, type BundleSource } from "../../importers";
import type { DatasetCounts } from "../../dataset/normalized";
import type { Db } from "../infra/client";
import { AlreadyImported, DatabaseSink } from "./import-sink";

export type ImportOutcome =
  { ok: true; datasetId: string; created: boolean; counts: DatasetCounts; name: string } | RefusedImport;

/** Imports a bundle (a source, or files in memory). The source is closed at the end. */
export async function importBundle(
  db: Db,
  input: BundleSource | BundleFiles,
  opts: ImportOptions & {
    actorId?: string | null;
    /** Asked inside the transaction just before it commits: throwing there keeps nothing (a cancelled job). */
    beforeCommit?: () => Promise<void>;
  } = {},
): Promise<ImportOutcome> {
  let source: BundleSource | null = null;
  try {
    source = input instanceof Map ? memorySource(input, opts.maxBytes) : input;
    const hash = await sourceHash(source);
    const known = await db.dataset.findUnique({ where: { contentHash: hash } });
    if (known)
      return {
        ok: true,
        datasetId: known.id,
        created: false,
        counts: known.counts as unknown as DatasetCounts,
        name: known.name,
      };
    const sink = new DatabaseSink(db, { contentHash: hash, actorId: opts.actorId, beforeCommit: opts.beforeCommit });
    try {
      const r = await streamBundle(source, sink, opts);
      if (!r.ok) return r;
      return { ok: true, datasetId: sink.datasetId, created: true, counts: r.counts, name: r.header.name };
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
