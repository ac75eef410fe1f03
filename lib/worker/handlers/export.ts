/** The export job: a large export written to a stored file (downloadable from any app instance), with rows written as progress. */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { poolOf } from "../../db/client";
import { auditExport, records } from "../../db/exports";
import { storeFile } from "../../db/files";
import { EXPORT_KINDS, exportQuery, exportText, filtersOf } from "../../export/kinds";
import type { JobHandler } from "../run";

export const exportInput = z.object({ kind: z.enum(EXPORT_KINDS), query: exportQuery });

export const exportJob: JobHandler = async (ctx) => {
  const { kind, query: q } = exportInput.parse(ctx.input);
  let rows = 0;
  const t0 = Date.now();
  const enc = new TextEncoder();
  async function* body(): AsyncGenerator<Uint8Array> {
    for await (const chunk of exportText(
      kind,
      q.format,
      records(kind, ctx.db, filtersOf(q), { names: q.names === "1" }),
      1 << 20,
      (n) => (rows = n),
    )) {
      ctx.signal.throwIfAborted();
      ctx.progress({ rows, rowsPerSecond: Math.round(rows / Math.max(0.001, (Date.now() - t0) / 1000)) });
      yield enc.encode(chunk);
    }
  }
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, "");
  const name = `${kind}-${stamp}.${q.format}`;
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
