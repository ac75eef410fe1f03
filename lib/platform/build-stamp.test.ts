import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { sourceStamp } from "./build-stamp";

test("the build stamp follows the sources' contents, not their times (a regenerated Prisma client costs no rebuild)", () => {
  const root = mkdtempSync(path.join(tmpdir(), "stamp-"));
  try {
    mkdirSync(path.join(root, "lib", "platform", "db", "generated"), { recursive: true });
    mkdirSync(path.join(root, "app"));
    const client = path.join(root, "lib", "platform", "db", "generated", "client.ts");
    writeFileSync(client, "export const a = 1;\n");
    writeFileSync(path.join(root, "app", "page.tsx"), "export default 1;\n");
    writeFileSync(path.join(root, "package.json"), "{}");
    const before = sourceStamp(root);
    // The same bytes written again later (as `prisma generate` does): the same stamp.
    writeFileSync(client, "export const a = 1;\n");
    utimesSync(client, new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
    assert.equal(sourceStamp(root), before);
    // A changed byte, a new file, a renamed file: a new stamp.
    writeFileSync(client, "export const a = 2;\n");
    const changed = sourceStamp(root);
    assert.notEqual(changed, before);
    writeFileSync(path.join(root, "app", "other.tsx"), "");
    assert.notEqual(sourceStamp(root), changed);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("npm install generates the Prisma client only when its schema, config or Prisma changed", () => {
  const repo = process.cwd();
  const root = mkdtempSync(path.join(tmpdir(), "generate-"));
  try {
    mkdirSync(path.join(root, "prisma"));
    mkdirSync(path.join(root, "scripts"));
    cpSync(path.join(repo, "prisma", "schema.prisma"), path.join(root, "prisma", "schema.prisma"));
    cpSync(path.join(repo, "prisma.config.ts"), path.join(root, "prisma.config.ts"));
    cpSync(path.join(repo, "scripts", "prisma-engine-stub.sh"), path.join(root, "scripts", "prisma-engine-stub.sh"));
    symlinkSync(path.join(repo, "node_modules"), path.join(root, "node_modules"));
    const generate = () =>
      spawnSync(process.execPath, [path.join(repo, "scripts", "prisma-generate.mjs")], { cwd: root, encoding: "utf8" });
    const client = path.join(root, "lib", "platform", "db", "generated", "client.ts");
    assert.equal(generate().status, 0);
    const first = statSync(client).mtimeMs;
    const again = generate();
    assert.equal(again.status, 0);
    assert.match(again.stdout, /up to date/);
    assert.equal(statSync(client).mtimeMs, first, "the client is not written again");
    appendFileSync(path.join(root, "prisma", "schema.prisma"), "\n// a changed schema\n");
    const changed = generate();
    assert.equal(changed.status, 0);
    assert.doesNotMatch(changed.stdout, /up to date/);
    assert.ok(statSync(client).mtimeMs > first, "a changed schema generates again");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
