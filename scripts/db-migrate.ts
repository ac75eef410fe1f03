/** npm run db:migrate — applies pending migrations to DATABASE_URL, or to the embedded server. */
import { openDatabase, migrate } from "../lib/platform/db";

async function main() {
  const db = await openDatabase({ log: () => {} });
  try {
    const r = await migrate(db.url);
    console.log(
      r.applied.length
        ? `Applied ${r.applied.length} migration(s): ${r.applied.join(", ")}`
        : `Database is up to date (${r.alreadyApplied} migration(s) already applied).`,
    );
    if (r.functions.length)
      console.log(`Applied ${r.functions.length} function file(s) of prisma/functions: ${r.functions.join(", ")}`);
  } finally {
    await db.stop();
  }
}

main().catch((e) => {
  console.error(`db:migrate: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
