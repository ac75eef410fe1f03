/** The web side of the job queue: creating jobs (with their uploaded files) from route handlers. */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import busboy from "busboy";
import type pg from "pg";
import { config, processCache, AppError } from "../../kernel";
import { poolOf, uploadPoolOf, type Db } from "../db/client";
import { storeFile } from "../db/files";
import type { JobKind } from "../db/jobs";
import { sizeText } from "../../datasets/importers";
import { enqueue, queueFor, requestPriorities } from "../worker/queue";

function databaseUrl(): string {
  const url = config().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return url;
}

export async function createJob(
  db: Db,
  job: { kind: JobKind; title: string; input: unknown; createdById: string },
  prepare?: (client: pg.PoolClient, jobId: string) => Promise<void>,
  pool = poolOf(db),
) {
  return enqueue(pool, await queueFor(databaseUrl()), job, prepare);
}

/** Asks a worker to recompute a dataset's serving priorities (after an admin changed its serving order). */
export async function requestServingPriorities(datasetId: string) {
  await requestPriorities(await queueFor(databaseUrl()), datasetId);
}

/** Uploads streaming now, per admin (this process). */
const uploading = processCache("uploads-per-admin", () => new Map<string, number>());

export async function cancelQueued(kind: JobKind, id: string) {
  await (await queueFor(databaseUrl())).cancel(kind, id).catch(() => {});
}

const BUNDLE_FILE = /\.(zip|json|jsonl|ndjson)$/i;

/**
 * An upload of a bundle (multipart: one .zip, or the bundle's .json/.jsonl files) streamed into the database
 * as an import job's files — never held in memory or on this machine's disk, so any worker can import it.
 */
export async function createImportJob(db: Db, req: Request, userId: string): Promise<string> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type) || !req.body)
    throw new AppError(
      "invalid_request",
      "Send the bundle as multipart/form-data (a .zip, or the bundle's .json/.jsonl files).",
    );
  const maxBytes = config().IMPORT_MAX_BYTES;
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > maxBytes + 1024 * 1024)
    throw new AppError(
      "too_large",
      `The upload is ${sizeText(declared)}, over the ${sizeText(maxBytes)} limit (IMPORT_MAX_BYTES).`,
    );
  const body = req.body;
  const limit = config().UPLOADS_PER_ADMIN;
  const now = uploading.get(userId) ?? 0;
  if (now >= limit)
    throw new AppError(
      "rate_limited",
      `You have ${now} upload${now > 1 ? "s" : ""} in progress; wait for ${now > 1 ? "one" : "it"} to finish (UPLOADS_PER_ADMIN = ${limit}).`,
    );
  uploading.set(userId, now + 1);
  try {
    return await streamImportJob(db, body, type, maxBytes, userId);
  } finally {
    const left = (uploading.get(userId) ?? 1) - 1;
    if (left > 0) uploading.set(userId, left);
    else uploading.delete(userId);
  }
}

async function streamImportJob(
  db: Db,
  body: NonNullable<Request["body"]>,
  type: string,
  maxBytes: number,
  userId: string,
): Promise<string> {
  // The upload's transaction lives on the upload pool: the judging calls' connections stay free.
  return createJob(
    db,
    { kind: "import", title: "Import", input: { excludeInfeasible: false }, createdById: userId },
    async (client, jobId) => {
      const fields: Record<string, string> = {};
      const names: string[] = [];
      const budget = {
        left: maxBytes,
        tooLarge: () =>
          new AppError("too_large", `The upload is over the ${sizeText(maxBytes)} limit (IMPORT_MAX_BYTES).`),
      };
      await new Promise<void>((resolve, reject) => {
        let bb: busboy.Busboy;
        try {
          bb = busboy({
            headers: { "content-type": type },
            limits: { files: 50, fields: 10, fieldSize: 1024, parts: 70 },
          });
        } catch (e) {
          return reject(new AppError("invalid_request", `The upload could not be read: ${(e as Error).message}`));
        }
        // Files are stored one after the other (busboy hands out the next one once this one is read); the chain
        // never rejects: the first failure is kept, the request is stopped and the promise rejected with it.
        let chain = Promise.resolve();
        let failure: unknown = null;
        const fail = (e: unknown) => {
          if (failure) return;
          failure = e;
          input.unpipe(bb);
          input.destroy();
          reject(e);
        };
        bb.on("file", (field, stream, info) => {
          const name = (info.filename ?? "").split(/[\\/]/).pop() ?? "";
          if (failure || field !== "files" || !name) return void stream.resume();
          if (!BUNDLE_FILE.test(name))
            return (
              stream.resume(),
              fail(new AppError("invalid_request", `"${name}" is not a .json, .jsonl or .zip file.`))
            );
          if (names.includes(name))
            return (
              stream.resume(),
              fail(new AppError("invalid_request", `Two uploaded files are named ${name}: keep one.`))
            );
          names.push(name);
          chain = chain
            .then(() =>
              failure
                ? undefined
                : storeFile(
                    client,
                    { id: randomUUID(), jobId, purpose: "upload", name, createdById: userId },
                    stream,
                    budget,
                  ),
            )
            .then(
              () => {},
              (e) => {
                stream.resume();
                fail(e);
              },
            );
        });
        bb.on("field", (name, value) => (fields[name] = value));
        bb.on("error", (e) =>
          fail(new AppError("invalid_request", `The upload could not be read: ${(e as Error).message}`)),
        );
        bb.on("close", () => void chain.then(() => (failure ? reject(failure) : resolve())));
        const input = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
        input.on("error", (e) => fail(e));
        input.pipe(bb);
      });
      if (!names.length) throw new AppError("invalid_request", "No file was uploaded.");
      if (names.some((n) => n.toLowerCase().endsWith(".zip")) && names.length > 1)
        throw new AppError("invalid_request", "Upload either one .zip or the bundle's files, not both.");
      const excludeInfeasible = ["on", "true"].includes(fields.excludeInfeasible ?? "");
      // On unless asked otherwise: an upload without the field (another client) gets the default.
      const makeGold = !["off", "false"].includes(fields.makeGold ?? "");
      // "Add to dataset": the id of the dataset the plans go into (another planner's plans for its requests).
      const intoDatasetId = (fields.intoDatasetId ?? "").trim();
      if (intoDatasetId.length > 64) throw new AppError("invalid_request", "intoDatasetId is not a dataset id.");
      const title = `Import ${names.length === 1 ? names[0] : `${names.length} files`}`;
      await client.query(`UPDATE "Job" SET input = $2::jsonb, title = $3 WHERE id = $1`, [
        jobId,
        JSON.stringify({ excludeInfeasible, makeGold, ...(intoDatasetId ? { intoDatasetId } : {}) }),
        title,
      ]);
    },
    uploadPoolOf(db),
  );
}
