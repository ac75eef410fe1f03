// postinstall: generate the Prisma client without downloading engines (see prisma.config.ts), and only when what it
// is generated from changed (the schema, the config, Prisma's version): a client written again with the same bytes
// but new times used to make the next `npm start` rebuild the production bundle. `--if-missing` (npm start, npm run
// dev): only when there is no generated client, as after `npm install --ignore-scripts` or a copied node_modules.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const OUT = "lib/platform/db/generated/";
const STAMP = `${OUT}/.generated-from`;
if (process.argv.includes("--if-missing") && existsSync(`${OUT}/client.ts`)) process.exit(0);
if (!existsSync("node_modules/prisma")) process.exit(0); // production install without dev deps
const h = createHash("sha256");
for (const f of ["prisma/schema.prisma", "prisma.config.ts", "node_modules/prisma/package.json"])
  h.update(`${f}\0`).update(existsSync(f) ? readFileSync(f) : "");
const stamp = h.digest("hex");
if (existsSync(`${OUT}/client.ts`) && existsSync(STAMP) && readFileSync(STAMP, "utf8") === stamp) {
  console.log("Prisma client up to date with prisma/schema.prisma (not generated again).");
  process.exit(0);
}
const r = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], {
  stdio: "inherit",
  env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" },
});
if (r.status === 0) writeFileSync(STAMP, stamp);
process.exit(r.status ?? 1);
