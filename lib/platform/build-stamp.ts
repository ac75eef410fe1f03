/**
 * What the production bundle was built from: a hash of the sources' contents (app, components, lib, public and the
 * build's config files). `npm start` rebuilds only when it changes. Contents, not times: a command that rewrites a
 * file with the same bytes (the Prisma client generated again, a checkout, a copy) must not cost a rebuild.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const STAMPED_FOLDERS = ["app", "components", "lib", "public"] as const;
export const STAMPED_FILES = ["next.config.js", "package.json", "tsconfig.json"] as const;

export function sourceStamp(root: string): string {
  const h = createHash("sha256");
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    // Sorted: the directory's order is the file system's, not the sources'.
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        const body = readFileSync(p);
        h.update(`${path.relative(root, p)}\0${body.length}\0`).update(body);
      }
    }
  };
  for (const d of STAMPED_FOLDERS) walk(path.join(root, d));
  for (const f of STAMPED_FILES) {
    const p = path.join(root, f);
    if (existsSync(p)) h.update(`${f}\0`).update(readFileSync(p));
  }
  return h.digest("hex");
}
