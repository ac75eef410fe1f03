import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { poolOf } from "../db/client";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { holdable } from "./hold";

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
});
after(async () => {
  await t.drop();
});

test("a held pool hands out no connection until let go, to its own queries and Prisma's alike; a connection in hand goes on", async () => {
  const pool = poolOf(t.db);
  const hold = holdable(pool);
  const inHand = await pool.connect();
  await inHand.query("BEGIN");
  hold(true);
  const ran: string[] = [];
  const plain = pool.query<{ one: number }>("SELECT 1 AS one").then((r) => (ran.push("pool"), r.rows[0].one));
  const prisma = t.db.$queryRaw<{ two: number }[]>`SELECT 2 AS two`.then((r) => (ran.push("prisma"), r[0].two));
  // A transaction under way finishes on its connection.
  assert.equal((await inHand.query<{ three: number }>("SELECT 3 AS three")).rows[0].three, 3);
  await inHand.query("COMMIT");
  inHand.release();
  await new Promise((ok) => setTimeout(ok, 100));
  assert.deepEqual(ran, [], "nothing new went into the database while held");
  hold(false);
  assert.equal(await plain, 1);
  assert.equal(Number(await prisma), 2);
  // Not held: straight through.
  assert.equal((await pool.query<{ four: number }>("SELECT 4 AS four")).rows[0].four, 4);
});
