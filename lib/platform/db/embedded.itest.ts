import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import net from "node:net";
import path from "node:path";
import { test } from "node:test";
import { clusterDir, embeddedUrl, openDatabase, portInUse, startEmbeddedPostgres } from "./embedded";
import { connect } from "./migrate";

test(
  "the embedded server keeps its data across restarts",
  { skip: !!process.env.DATABASE_URL && "external database run" },
  async () => {
    // Under .data/, not /tmp: the server runs as the unprivileged "postgres" user when we are root.
    const dir = path.resolve(".data", `persist-test-${process.pid}`);
    const first = await startEmbeddedPostgres({ dataDir: dir, port: 54361 });
    let c = await connect(first.url);
    await c.query("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
    await c.end();
    await first.stop();
    const second = await startEmbeddedPostgres({ dataDir: dir, port: 54361 });
    c = await connect(second.url);
    const r = await c.query("SELECT v FROM kept");
    await c.end();
    await second.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}.credentials.json`, { force: true });
    assert.deepEqual(r.rows, [{ v: "still here" }]);
  },
);

test("the embedded server refuses a port that another program holds, saying what to do", async () => {
  // Port 0: the system picks a free one. A fixed port sits in Linux's ephemeral range, where any client socket
  // of a parallel test may already hold it (CI once failed so).
  const blocker = net.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => blocker.once("listening", r));
  const port = (blocker.address() as net.AddressInfo).port;
  try {
    await assert.rejects(
      startEmbeddedPostgres({ dataDir: path.resolve(".data", "never-created"), port }),
      new RegExp(`port ${port} is already in use by another program.*EMBEDDED_PG_PORT.*DATABASE_URL`),
    );
  } finally {
    blocker.close();
  }
});

test(
  "the embedded server: generated credentials (0600), no TCP unless asked, the app without superuser rights; a legacy cluster is moved off the fixed password",
  { skip: !!process.env.DATABASE_URL && "external database run" },
  async () => {
    const dir = path.resolve(".data", `access-test-${process.pid}`);
    const port = 54363;
    try {
      const first = await startEmbeddedPostgres({ dataDir: dir, port, database: "app" });
      try {
        const creds = `${dir}.credentials.json`;
        assert.equal(statSync(creds).mode & 0o777, 0o600);
        assert.equal(await portInUse(port), false, "no TCP listener");
        const app = await connect(first.url);
        try {
          const role = await app.query("SELECT rolsuper, rolcreatedb FROM pg_roles WHERE rolname = current_user");
          assert.deepEqual(role.rows[0], { rolsuper: false, rolcreatedb: false });
          await app.query("CREATE TABLE mine (v int)"); // it owns its database's schema
          await assert.rejects(
            app.query("COPY (SELECT 1) TO PROGRAM 'true'"),
            /permission denied|must be superuser|pg_execute_server_program/,
          );
        } finally {
          await app.end();
        }
        // Back to the fixed password of earlier versions, without credentials: a cluster as they left it.
        const admin = await connect(first.adminUrl!);
        await admin.query("ALTER ROLE tripjudge PASSWORD 'tripjudge'");
        await admin.end();
      } finally {
        await first.stop();
      }
      rmSync(`${dir}.credentials.json`);
      const second = await startEmbeddedPostgres({ dataDir: dir, port, database: "app" });
      try {
        const legacy = new URL(second.adminUrl!);
        legacy.password = "tripjudge";
        await assert.rejects(connect(legacy.toString()), /password|authentication/i);
        const c = await connect(second.url);
        assert.equal((await c.query("SELECT count(*)::int AS n FROM mine")).rows[0].n, 0);
        await c.end();
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}.credentials.json`, { force: true });
    }
  },
);

test(
  "as root, a data folder inside a private (0700) folder still works: the cluster lives where postgres can enter",
  { skip: (process.getuid?.() !== 0 || !!process.env.DATABASE_URL) && "needs root and the embedded server" },
  async () => {
    const privateDir = mkdtempSync(path.join(tmpdir(), "tj-private-"));
    chmodSync(privateDir, 0o700);
    const configured = path.join(privateDir, "data", "postgres");
    const moved = clusterDir(configured);
    assert.ok(moved.startsWith("/var/lib/tripjudge/"), moved);
    const db = await startEmbeddedPostgres({ dataDir: configured, port: 54364, database: "private" });
    try {
      const c = await connect(db.url);
      assert.equal((await c.query("SELECT 1 AS one")).rows[0].one, 1);
      await c.end();
      assert.equal(embeddedUrl({ dataDir: configured, port: 54364, database: "private" }), db.url);
    } finally {
      await db.stop();
      rmSync(path.dirname(moved), { recursive: true, force: true });
      rmSync(privateDir, { recursive: true, force: true });
    }
  },
);

test(
  "as root, binaries inside a private (0700) clone run from a copy the postgres account can execute, made once per installed build",
  { skip: process.getuid?.() !== 0 && "needs root" },
  async () => {
    const { cpSync, existsSync, readdirSync, utimesSync } = await import("node:fs");
    const { execFileSync } = await import("node:child_process");
    const { nativeDir, postgresCanEnter, reachableCopy } = await import("./pg-process");
    const privateClone = mkdtempSync(path.join(tmpdir(), "tj-clone-"));
    chmodSync(privateClone, 0o700);
    const native = path.join(privateClone, "node_modules", "native");
    cpSync(nativeDir().dir, native, { recursive: true, verbatimSymlinks: true });
    const version = `0.0.0-test-${process.pid}`;
    try {
      assert.equal(postgresCanEnter(path.join(native, "bin")), false);
      assert.throws(
        () =>
          execFileSync("runuser", ["-u", "postgres", "--", path.join(native, "bin", "postgres"), "--version"], {
            stdio: "pipe",
          }),
        /EACCES|Permission denied|status 126/,
      );
      const copy = reachableCopy(native, version);
      assert.ok(copy.startsWith("/var/lib/tripjudge/postgresql-"), copy);
      const out = execFileSync("runuser", [
        "-u",
        "postgres",
        "--",
        path.join(copy, "bin", "postgres"),
        "--version",
      ]).toString();
      assert.match(out, /postgres \(PostgreSQL\) \d+/);
      assert.equal(reachableCopy(native, version), copy, "the same build reuses its copy");
      // A reinstall (the server binary changed) gets a new copy; the unused old one is removed.
      utimesSync(path.join(native, "bin", "postgres"), new Date(), new Date(Date.now() + 5000));
      const again = reachableCopy(native, version);
      assert.notEqual(again, copy);
      assert.equal(existsSync(copy), false);
      assert.deepEqual(
        readdirSync("/var/lib/tripjudge").filter((d) => d.includes(".tmp-")),
        [],
      );
      rmSync(again, { recursive: true, force: true });
    } finally {
      rmSync(privateClone, { recursive: true, force: true });
    }
  },
);

test(
  "the command line uses the embedded server a running TripJudge serves (attach), and leaves it running",
  { skip: !!process.env.DATABASE_URL && "external database run" },
  async () => {
    const dir = path.resolve(".data", `attach-test-${process.pid}`);
    const app = await startEmbeddedPostgres({ dataDir: dir, port: 54365, database: "app" });
    try {
      // Without attach: the usual refusal (a second server on the same folder and port).
      await assert.rejects(openDatabase({ dataDir: dir, port: 54365, database: "app" }), /already running/);
      const cli = await openDatabase({ dataDir: dir, port: 54365, database: "app", attach: true });
      assert.equal(cli.embedded, true);
      assert.equal(cli.url, app.url);
      let c = await connect(cli.url);
      await c.query("CREATE TABLE seen_by_the_app (v text); INSERT INTO seen_by_the_app VALUES ('from the CLI')");
      await c.end();
      await cli.stop();
      c = await connect(app.url);
      assert.deepEqual((await c.query("SELECT v FROM seen_by_the_app")).rows, [{ v: "from the CLI" }]);
      await c.end();
      // A shell with another EMBEDDED_PG_PORT than the app's still reaches the app's server (its postmaster.pid).
      const elsewhere = await openDatabase({ dataDir: dir, port: 54399, database: "app", attach: true });
      c = await connect(elsewhere.url);
      assert.deepEqual((await c.query("SELECT v FROM seen_by_the_app")).rows, [{ v: "from the CLI" }]);
      await c.end();
      await elsewhere.stop();
    } finally {
      await app.stop();
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}.credentials.json`, { force: true });
    }
    // With nothing running, attach starts the server as before.
    const alone = await openDatabase({ dataDir: dir, port: 54365, database: "app", attach: true });
    const c = await connect(alone.url);
    assert.equal((await c.query("SELECT 1 AS one")).rows[0].one, 1);
    await c.end();
    await alone.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}.credentials.json`, { force: true });
  },
);
