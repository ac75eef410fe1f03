// postinstall: generate the Prisma client without downloading engines (see prisma.config.ts).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("node_modules/prisma")) process.exit(0); // production install without dev deps
const r = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], {
  stdio: "inherit",
  env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" },
});
process.exit(r.status ?? 1);
