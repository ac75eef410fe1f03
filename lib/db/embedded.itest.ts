import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { test } from "node:test";
import { startEmbeddedPostgres } from "./embedded";
import { connect } from "./migrate";

test("the embedded server keeps its data across restarts", { skip: !!process.env.DATABASE_URL && "external database run" }, async () => {
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
  assert.deepEqual(r.rows, [{ v: "still here" }]);
});

test("the embedded server refuses a port that another program holds, saying what to do", async () => {
  const blocker = net.createServer().listen(54362, "127.0.0.1");
  await new Promise((r) => blocker.once("listening", r));
  try {
    await assert.rejects(
      startEmbeddedPostgres({ dataDir: path.resolve(".data", "never-created"), port: 54362 }),
      /port 54362 is already in use by another program.*EMBEDDED_PG_PORT.*DATABASE_URL/,
    );
  } finally {
    blocker.close();
  }
});
