/**
 * The export job: a large export written to a stored file (downloadable from any app instance), with rows written as
 * progress; or a dataset repository (kind "hf-dataset"), written in the job's scratch folder and stored as a .zip.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { poolOf } from "../../db/client";
import { auditExport, records, writeHfDataset } from "../../../exports/store";
import { storeFile } from "../../db/files";
import path from "node:path";
import { AppError } from "../../../kernel";
import {
  EXPORT_KINDS,
  exportBytes,
  exportQuery,
  filtersOf,
  optionsOf,
  tripjudgeVersion,
  zipFolder,
} from "../../../exports";
import { JobFailure, type JobHandler } from "../run";

export const exportInput = z.object({ kind: z.enum([...EXPORT_KINDS, "hf-dataset"]), query: exportQuery });

export const exportJob: JobHandler = async (ctx) => {
  const { kind, query: q } = exportInput.parse(ctx.input);
  let rows = 0;
  const t0 = Date.now();
  const options = optionsOf(q);
  async function* body(): AsyncGenerator<Uint8Array> {
    if (kind === "hf-dataset") return yield* repository();
    for await (const chunk of exportBytes(kind, q.format, records(kind, ctx.db, filtersOf(q), options), {
      chunkBytes: 1 << 20,
      onRows: (n) => (rows = n),
      options,
    })) {
      ctx.signal.throwIfAborted();
      ctx.progress({ rows, rowsPerSecond: Math.round(rows / Math.max(0.001, (Date.now() - t0) / 1000)) });
      yield chunk;
    }
  }
  async function* repository(): AsyncGenerator<Uint8Array> {
    const dir = path.join(ctx.scratch, "hf-dataset");
    const r = await writeHfDataset(ctx.db, dir, filtersOf(q), options.preference!, {
      version: tripjudgeVersion(),
    }).catch((e) => {
      throw e instanceof AppError ? new JobFailure(e.message) : e;
    });
    rows = r.configs.reduce((s, c) => s + Object.values(c.splits).reduce((a, b) => a + b, 0), 0);
    ctx.progress({ rows });
    for await (const chunk of zipFolder(dir)) {
      ctx.signal.throwIfAborted();
      yield chunk;
    }
  }
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, "");
  const name = kind === "hf-dataset" ? `tripjudge-hf-dataset-${stamp}.zip` : `${kind}-${stamp}.${q.format}`;
  const pool = poolOf(ctx.db);
  const client = await pool.connect();
  try {
    // One transaction: a cancelled or failed export leaves no half file behind.
    await client.query("BEGIN");
    const bytes = await storeFile(
      client,
      { id: randomUUID(), jobId: ctx.jobId, purpose: "export", name, createdById: ctx.createdById },
      body(),
      { left: Number.MAX_SAFE_INTEGER, tooLarge: () => new Error("too large") },
    );
    await client.query("COMMIT");
    ctx.progress({ rows, rowsPerSecond: Math.round(rows / Math.max(0.001, (Date.now() - t0) / 1000)) });
    await auditExport(ctx.db, ctx.createdById, kind, q, rows, ctx.jobId);
    return { result: { name, rows, bytes }, message: `wrote ${rows} rows (${name})` };
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
};
