/** The export job: a large export written to a stored file (downloadable from any app instance), with rows written as progress. */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { poolOf } from "../../db/client";
import { records } from "../../db/exports";
import { storeFile } from "../../db/files";
import { EXPORT_KINDS, csvHeader, exportQuery, serialize } from "../../export/kinds";
import type { JobHandler } from "../run";

export const exportInput = z.object({ kind: z.enum(EXPORT_KINDS), query: exportQuery });

export const exportJob: JobHandler = async (ctx) => {
  const { kind, query: q } = exportInput.parse(ctx.input);
  const filters = { datasetId: q.dataset, destinationId: q.destination, from: q.from, to: q.to, completeOnly: q.complete === "1", finalOnly: q.final === "1" };
  let rows = 0;
  const t0 = Date.now();
  const enc = new TextEncoder();
  async function* body(): AsyncGenerator<Uint8Array> {
    let buffer = q.format === "csv" ? csvHeader(kind) : "";
    for await (const r of records(kind, ctx.db, filters, { names: q.names === "1" })) {
      buffer += serialize(kind, q.format, r);
      rows++;
      if (buffer.length >= 1 << 20) {
        ctx.signal.throwIfAborted();
        ctx.progress({ rows, rowsPerSecond: Math.round(rows / Math.max(0.001, (Date.now() - t0) / 1000)) });
        yield enc.encode(buffer);
        buffer = "";
      }
    }
    if (buffer) yield enc.encode(buffer);
  }
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, "");
  const name = `${kind}-${stamp}.${q.format}`;
  const pool = poolOf(ctx.db);
  const client = await pool.connect();
  try {
    // One transaction: a cancelled or failed export leaves no half file behind.
    await client.query("BEGIN");
    const bytes = await storeFile(client, { id: randomUUID(), jobId: ctx.jobId, purpose: "export", name, createdById: ctx.createdById }, body(), { left: Number.MAX_SAFE_INTEGER, tooLarge: () => new Error("too large") });
    await client.query("COMMIT");
    ctx.progress({ rows, rowsPerSecond: Math.round(rows / Math.max(0.001, (Date.now() - t0) / 1000)) });
    await ctx.db.auditEvent.create({ data: { actorId: ctx.createdById, action: `export.${kind}`, data: { ...q, count: rows, job: ctx.jobId } } });
    return { result: { name, rows, bytes }, message: `wrote ${rows} rows (${name})` };
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
};
