/** npm run db:seed — creates the first admin and (unless TRIPJUDGE_DEMO=0) the demo; idempotent. */
import { closeDb, createDb, openDatabase, migrate, seed, seedOptions } from "../lib/platform/db";
import { checkConfig } from "../lib/kernel";

async function main() {
  const database = await openDatabase();
  try {
    await migrate(database.url);
    const db = createDb(database.url);
    const created = await seed(db, seedOptions(checkConfig()));
    await closeDb(db);
    if (!created.length) console.log("Nothing to seed: the accounts and data exist already.");
    for (const c of created) console.log(`${c.role.padEnd(6)} ${c.email.padEnd(28)} password: ${c.password}`);
  } finally {
    await database.stop();
  }
}

main().catch((e) => {
  console.error(`db:seed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
