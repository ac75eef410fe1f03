// Keeps package-lock.json acceptable to `npm ci` when the registry serves only this platform's
// builds of some optional packages (@next/swc-*, resolver bindings…): npm then leaves those out of
// the lock and `npm ci` refuses it as "out of sync". We record each such package as an optional
// entry; npm skips it on other platforms exactly as it would skip an unavailable optional package.
// Run after `npm install` changes dependencies: node scripts/lock-optional.mjs
import { readFileSync, writeFileSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const pkgs = lock.packages;
let added = 0;
for (const [where, meta] of Object.entries(pkgs)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = where ? `${where}/node_modules/${name}` : `node_modules/${name}`;
    if (pkgs[base] || pkgs[`node_modules/${name}`]) continue;
    const version = String(range).replace(/^[\^~=]/, "");
    pkgs[`node_modules/${name}`] = { version, optional: true };
    added++;
  }
}
writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
console.log(`lock-optional: recorded ${added} optional package(s) missing from the lock`);
