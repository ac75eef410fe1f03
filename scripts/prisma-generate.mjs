// postinstall: generate the Prisma client without downloading engines (see prisma.config.ts). `--if-missing` (npm
// start, npm run dev): only when there is no generated client, as after `npm install --ignore-scripts` or a copied
// node_modules, where the start would otherwise fail on a missing module.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (process.argv.includes("--if-missing") && existsSync("lib/db/generated/client.ts")) process.exit(0);
if (!existsSync("node_modules/prisma")) process.exit(0); // production install without dev deps
const r = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], {
  stdio: "inherit",
  env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" },
});
process.exit(r.status ?? 1);
