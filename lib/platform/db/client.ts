/** The one Prisma client of a process (PostgreSQL through the pg driver adapter), and its pool. */
import { processCache, config } from "../../kernel";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;

// Process-wide: Next.js may load this module once per bundle (pages, route handlers), and all
// copies must see the same client and pools.
const pools = processCache("db-pools", () => new WeakMap<PrismaClient, pg.Pool>());
const uploadPools = processCache("db-upload-pools", () => new WeakMap<PrismaClient, pg.Pool>());
const shared = processCache("db-client", () => ({ client: undefined as PrismaClient | undefined }));
const lifecycle = processCache("db-lifecycle", () => ({ stopping: false }));

/**
 * This process is stopping (its SIGINT/SIGTERM handler calls this first): connections the database drops from now on
 * are expected. Ctrl-C reaches `npm start`'s whole process group, PostgreSQL included, which ends every session.
 */
export function markStopping(): void {
  lifecycle.stopping = true;
}

/** How long a dropped idle connection waits before it is reported, for a stop signal arriving beside it. */
export const DROPPED_REPORT_DELAY_MS = 500;

/**
 * An idle connection dropped by the server (restart, shutdown) must not crash the process, and is said unless the
 * process is stopping: the database's shutdown and this process's stop signal come together, in either order.
 */
function reportDropped(what: string) {
  return (e: Error) => {
    if (lifecycle.stopping) return;
    setTimeout(() => {
      if (!lifecycle.stopping) console.error(`database connection lost${what}: ${e.message}`);
    }, DROPPED_REPORT_DELAY_MS).unref();
  };
}

export function createDb(url: string): PrismaClient {
  const pool = new pg.Pool({ connectionString: url, max: config().DATABASE_POOL_SIZE });
  pool.on("error", reportDropped(""));
  const client = new PrismaClient({ adapter: new PrismaPg(pool) });
  pools.set(client, pool);
  return client;
}

/**
 * The pg pool behind a client, for the few bulk paths (imports, exports) that stream large
 * values: Prisma keeps large query parameters alive, the plain driver does not.
 */
export function poolOf(db: PrismaClient): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error("this Prisma client was not made by createDb()");
  return pool;
}

/**
 * A small pool of its own for uploads: an upload holds its connection in one transaction for as long as the
 * client takes to send the bundle, so slow uploads must never take the connections the judging calls use.
 */
export function uploadPoolOf(db: PrismaClient): pg.Pool {
  let pool = uploadPools.get(db);
  if (!pool) {
    pool = new pg.Pool({ connectionString: poolOf(db).options.connectionString, max: config().UPLOAD_POOL_SIZE });
    pool.on("error", reportDropped(" (uploads)"));
    uploadPools.set(db, pool);
  }
  return pool;
}

export function db(): PrismaClient {
  if (!shared.client) {
    const url = config().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: start the app with `npm start` or set DATABASE_URL.");
    shared.client = createDb(url);
  }
  return shared.client;
}

/** Runs `fn` in one transaction on a connection of the client's pool: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(db: PrismaClient, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await poolOf(db).connect();
  try {
    await client.query("BEGIN");
    const out = await fn(client);
    await client.query("COMMIT");
    return out;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** Disconnects a client made by createDb and closes its pool. */
export async function closeDb(client: PrismaClient): Promise<void> {
  await client.$disconnect();
  await pools.get(client)?.end();
  await uploadPools.get(client)?.end();
}
