/**
 * A connection the database drops is said, except while the process stops (Ctrl-C reaches PostgreSQL and the web
 * server together: a clean stop printed "database connection lost: terminating connection due to administrator
 * command", a new user's finding).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { closeDb, createDb, DROPPED_REPORT_DELAY_MS, markStopping, poolOf } from "./client";
import { createTestDatabase, type TestDatabase } from "../../testing/database";

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase({ migrate: false });
});
after(async () => t.drop());

/** Opens an idle connection in a fresh pool, ends its session from another one, and returns what was printed. */
async function dropIdle(stopping: boolean): Promise<string[]> {
  const client = createDb(t.url);
  const pool = poolOf(client);
  const c = await pool.connect();
  const { rows } = await c.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  c.release(); // idle in the pool, as between two requests
  const printed: string[] = [];
  const original = console.error;
  console.error = (...a: unknown[]) => void printed.push(a.join(" "));
  try {
    if (stopping) markStopping();
    await poolOf(t.db).query("SELECT pg_terminate_backend($1)", [rows[0].pid]);
    await new Promise((r) => setTimeout(r, DROPPED_REPORT_DELAY_MS + 300));
  } finally {
    console.error = original;
    await closeDb(client);
  }
  return printed;
}

test("a dropped idle connection is said while running, and not once the process is stopping", async () => {
  const running = await dropIdle(false);
  assert.equal(running.length, 1, `${running}`);
  assert.match(running[0], /^database connection lost: terminating connection due to administrator command/);
  assert.deepEqual(await dropIdle(true), []);
});
