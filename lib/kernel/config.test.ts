import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CONFIG_SCHEMA, configProblems } from "./config";

test("defaults, flags and numbers come out typed; an empty value counts as unset", () => {
  const c = CONFIG_SCHEMA.parse({ PORT: "", TRIPJUDGE_DEMO: "0", WEB_CONCURRENCY: "4", DATABASE_URL: "" });
  assert.equal(c.PORT, 3000);
  assert.equal(c.TRIPJUDGE_DEMO, false);
  assert.equal(c.TRIPJUDGE_FAST_PATH, true);
  assert.equal(c.WEB_CONCURRENCY, 4);
  assert.equal(c.DATABASE_URL, undefined);
  assert.equal(c.IMPORT_MAX_BYTES, 256 * 1024 * 1024);
});

test("a wrong value is named with the reason, every one of them at once", () => {
  const problems = configProblems({
    PORT: "abc",
    TRIPJUDGE_DEMO: "yes",
    WEB_CONCURRENCY: "0",
    DATABASE_URL: "mysql://x",
    ADMIN_PASSWORD: "short",
  });
  const named = problems.map((p) => p.split(":")[0]).sort();
  assert.deepEqual(named, ["ADMIN_PASSWORD", "DATABASE_URL", "PORT", "TRIPJUDGE_DEMO", "WEB_CONCURRENCY"]);
  assert.ok(
    problems.some((p) => p.startsWith('TRIPJUDGE_DEMO: expected "0" or "1"')),
    problems.join("\n"),
  );
  assert.deepEqual(configProblems({}), []);
});

/** The variables of the Configuration tables in docs/operations.md (a row may name two: `ADMIN_EMAIL`, `ADMIN_PASSWORD`). */
function documentedVariables(): { app: Set<string>; tools: Set<string> } {
  const doc = readFileSync(new URL("../../docs/operations.md", import.meta.url), "utf8");
  const start = doc.indexOf("\n## Configuration\n");
  assert.ok(start >= 0, "docs/operations.md has a Configuration section");
  const end = doc.indexOf("\n## ", start + 5);
  const section = doc.slice(start, end < 0 ? undefined : end);
  assert.ok(section.includes("Tests and benchmarks read a few more"), "the section has its second table");
  const [app, tools] = section
    .split("Tests and benchmarks read a few more")
    .map(
      (part) =>
        new Set(
          [...part.matchAll(/^\| ((?:`[A-Z_0-9]+`(?:, )?)+) \|/gm)].flatMap((m) =>
            [...m[1].matchAll(/`([A-Z_0-9]+)`/g)].map((x) => x[1]),
          ),
        ),
    );
  return { app, tools };
}

test("the Configuration table (docs/operations.md) lists exactly the variables the schema parses", () => {
  const { app } = documentedVariables();
  assert.deepEqual([...app].sort(), Object.keys(CONFIG_SCHEMA.shape).sort());
});

test("every process.env read in the code is a configured variable or a documented test/benchmark one", () => {
  const { app, tools } = documentedVariables();
  const root = path.dirname(path.dirname(path.dirname(new URL(import.meta.url).pathname)));
  const read = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (name === "node_modules" || name === "generated" || name.startsWith(".")) continue;
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx|js|mjs)$/.test(name))
        for (const m of readFileSync(p, "utf8").matchAll(/process\.env\.([A-Z_0-9]+)/g)) read.add(m[1]);
    }
  };
  for (const d of ["app", "components", "lib", "scripts", "bench", "e2e"]) walk(path.join(root, d));
  assert.ok(read.has("DATABASE_URL") && read.has("BENCH_THINK_MS"), "the walk reaches the code");
  // Set for tools it starts, never read as configuration: PYTHONHASHSEED (the DSL oracle), NODE_ENV (Next.js).
  const undocumented = [...read].filter(
    (v) =>
      !app.has(v) &&
      !tools.has(v) &&
      !["NODE_ENV", "PYTHONHASHSEED", "DEBIAN_FRONTEND", "NEXT_TELEMETRY_DISABLED"].includes(v),
  );
  assert.deepEqual(undocumented, []);
});
