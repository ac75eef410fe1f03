/**
 * Files kept in the database in 1 MiB chunks, so that any process can read them: an uploaded bundle is
 * written as it arrives and read by whichever worker imports it; a finished export is downloaded from any
 * app instance. Neither side ever holds a whole file.
 */
import { createWriteStream } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import type pg from "pg";
import { poolOf, type Db } from "./client";

export const CHUNK_BYTES = 1 << 20;

/** Writes one stream as a stored file, chunk by chunk; stops (and throws `tooLarge()`) past `maxBytes` in all. */
export async function storeFile(
  client: pg.PoolClient | pg.Pool,
  file: { id: string; jobId: string | null; purpose: "upload" | "export"; name: string; createdById: string | null },
  body: AsyncIterable<Uint8Array>,
  budget: { left: number; tooLarge: () => Error },
): Promise<number> {
  await client.query(
    `INSERT INTO "StoredFile" (id, "jobId", purpose, name, "createdById") VALUES ($1, $2, $3, $4, $5)`,
    [file.id, file.jobId, file.purpose, file.name, file.createdById],
  );
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let total = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const data = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await client.query(`INSERT INTO "StoredFileChunk" ("fileId", seq, data) VALUES ($1, $2, $3)`, [
      file.id,
      seq++,
      data,
    ]);
  };
  for await (const chunk of body) {
    total += chunk.byteLength;
    budget.left -= chunk.byteLength;
    if (budget.left < 0) throw budget.tooLarge();
    pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    pendingBytes += chunk.byteLength;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  await client.query(`UPDATE "StoredFile" SET bytes = $2 WHERE id = $1`, [file.id, total]);
  return total;
}

/** A stored file's bytes, one chunk at a time. */
export async function* readStoredFile(db: Db, fileId: string): AsyncGenerator<Uint8Array> {
  const pool = poolOf(db);
  for (let seq = 0; ; seq++) {
    const r = await pool.query<{ data: Buffer }>(
      `SELECT data FROM "StoredFileChunk" WHERE "fileId" = $1 AND seq = $2`,
      [fileId, seq],
    );
    if (!r.rows.length) return;
    yield r.rows[0].data;
  }
}

export async function storedFilesOf(db: Db, jobId: string, purpose: "upload" | "export") {
  return db.storedFile.findMany({
    where: { jobId, purpose },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, bytes: true },
  });
}

/** Copies a job's uploaded files into a local folder (a worker's scratch space) for reading as a bundle. */
export async function materializeUploads(db: Db, jobId: string, dir: string): Promise<string[]> {
  const files = await storedFilesOf(db, jobId, "upload");
  for (const f of files)
    await pipeline(Readable.from(readStoredFile(db, f.id)), createWriteStream(path.join(dir, path.basename(f.name))));
  return files.map((f) => path.basename(f.name));
}

export async function deleteStoredFiles(db: Db, jobId: string, purpose: "upload" | "export") {
  await db.storedFile.deleteMany({ where: { jobId, purpose } });
}

/**
 * Uploads of jobs that have ended (imported, refused, cancelled, failed for good) are no longer needed: a
 * bundle may be 256 MiB. The import job drops its own when it ends; this catches the rest (a job cancelled
 * while queued, a worker killed mid-import that ran out of tries). Returns how many files went.
 */
export async function deleteEndedUploads(db: Db): Promise<number> {
  const r =
    await db.$executeRaw`DELETE FROM "StoredFile" f USING "Job" j WHERE f."jobId" = j.id AND f.purpose = 'upload' AND j.status IN ('DONE', 'FAILED', 'CANCELLED')`;
  return r;
}
