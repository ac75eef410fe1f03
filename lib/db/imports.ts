/** An import as users see it: parse and validate everything, then write all of it or nothing. */
import { bundleHash, type BundleFiles } from "../importers/bundle";
import { parseBundle, type ImportOptions } from "../importers";
import { ImportRefused, type ImportProblem } from "../importers/problems";
import type { Db } from "./client";
import { writeDataset, type DatasetCounts } from "./datasets";

export type ImportOutcome =
  | { ok: true; datasetId: string; created: boolean; counts: DatasetCounts; name: string }
  | { ok: false; message: string; problems: ImportProblem[]; truncated: boolean };

export async function importBundle(
  db: Db,
  files: BundleFiles,
  opts: ImportOptions & { actorId?: string | null; onProgress?: (share: number) => void } = {},
): Promise<ImportOutcome> {
  try {
    const hash = bundleHash(files);
    const known = await db.dataset.findUnique({ where: { contentHash: hash } });
    if (known) return { ok: true, datasetId: known.id, created: false, counts: known.counts as unknown as DatasetCounts, name: known.name };
    const parsed = parseBundle(files, opts);
    if (!parsed.ok) {
      return { ok: false, message: `The bundle has ${parsed.truncated ? "at least " : ""}${parsed.problems.length} problem(s); nothing was imported.`, problems: parsed.problems, truncated: parsed.truncated };
    }
    const r = await writeDataset(db, parsed.dataset, { actorId: opts.actorId, contentHash: hash, requiredRaters: parsed.requiredRaters, onProgress: opts.onProgress });
    return { ok: true, datasetId: r.datasetId, created: r.created, counts: r.counts, name: parsed.dataset.name };
  } catch (e) {
    if (e instanceof ImportRefused) return { ok: false, message: e.message, problems: e.problems, truncated: false };
    throw e;
  }
}

export async function listDatasets(db: Db) {
  const rows = await db.dataset.findMany({ orderBy: { createdAt: "desc" }, include: { createdBy: { select: { name: true } } } });
  return rows.map((d) => ({ id: d.id, name: d.name, format: d.format, counts: d.counts as unknown as DatasetCounts, createdAt: d.createdAt.toISOString(), createdBy: d.createdBy?.name ?? null }));
}
