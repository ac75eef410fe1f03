/**
 * The folder rule: a caller outside lib/<folder> imports that folder's entry point (lib/<folder>/index.ts), never
 * one of its files, for the folders listed in ENTRY_POINTS. The doors below are the exceptions, each with why.
 * Not listed (yet): lib/db (queries by concern: callers import lib/db/<concern>/<file>), lib/server (Next.js glue
 * the routes import file by file), and the folders whose files callers still import one by one (assignment,
 * auth, dataset, demo, dsl, export, features, fitting, itinerary, stats).
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

const ENTRY_POINTS = [
  "agreement",
  "alignment",
  "escalation",
  "gold",
  "importers",
  "leaderboard",
  "offload",
  "reliability",
  "worker",
];

/** Files of a folder that callers outside it may import directly: [file, who may, why]. */
const DOORS: [string, (caller: string) => boolean, string][] = [
  ["lib/gold/kinds.ts", (c) => c.startsWith("components/"), "the browser's: defect names without the rule engine"],
  [
    "lib/importers/limits.ts",
    (c) => c === "lib/config.ts",
    "every module imports lib/config.ts; the importer stays out",
  ],
  [
    "lib/offload/pool.ts",
    (c) => c === "scripts/serve.ts" || isTest(c),
    "the admin processes are the server's to start, not the routes' (tests start them as the server does)",
  ],
  ["lib/worker/queue.ts", () => true, "enqueuing: the web server's side of the queue, without the job handlers"],
];
const isTest = (f: string) => /\.(i?test)\.ts$/.test(f) || f.endsWith("/testing.ts");

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, name);
    if (name === "node_modules" || name === "generated" || name.startsWith(".")) continue;
    if (statSync(path.join(root, rel)).isDirectory()) sources(rel, out);
    else if (/\.(ts|tsx|mjs)$/.test(name)) out.push(rel);
  }
  return out;
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? spec.slice(2)
    : spec.startsWith(".")
      ? path.join(path.dirname(from), spec)
      : null;
  if (base === null) return null;
  for (const c of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base])
    if (existsSync(path.join(root, c)) && statSync(path.join(root, c)).isFile()) return path.normalize(c);
  return null;
}

test("callers outside a folder import its entry point, not its files (lib/architecture.test.ts lists the doors)", () => {
  const wrong: string[] = [];
  const files = ["app", "components", "lib", "scripts", "bench", "e2e"].flatMap((d) => sources(d));
  assert.ok(files.includes("lib/architecture.test.ts"), "the walk reaches the code");
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      const target = resolve(file, m[1]);
      const parts = target?.split(path.sep) ?? [];
      if (parts[0] !== "lib" || parts.length < 3 || !ENTRY_POINTS.includes(parts[1])) continue;
      if (parts.length === 3 && parts[2] === "index.ts") continue;
      if (file.startsWith(`lib/${parts[1]}/`)) continue;
      if (target!.endsWith("/testing.ts") && isTest(file)) continue;
      if (DOORS.some(([door, may]) => door === target && may(file))) continue;
      wrong.push(`${file} imports ${target}`);
    }
  }
  assert.deepEqual(wrong, []);
});

/** The modules `file` loads with it (value imports and re-exports; neither `import type` nor a lazy `import()`). */
function eagerImports(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(
    /^(?:import|export)\s+([^;]*?)\s*from\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gms,
  )) {
    if (m[3]) {
      out.push(m[3]);
      continue;
    }
    const clause = m[1].trim();
    if (/^type\b/.test(clause)) continue;
    const named = /^\{([^}]*)\}$/.exec(clause);
    if (named && named[1].split(",").every((n) => !n.trim() || /^type\b/.test(n.trim()))) continue;
    out.push(m[2]);
  }
  return out;
}

test("the judging screen's first load takes no zod, Leaflet or CodeMirror (the map comes with next/dynamic)", () => {
  const heavy = /^(zod|leaflet|react-leaflet|codemirror|@codemirror\/.*)$/;
  const seen = new Set<string>();
  const found: string[] = [];
  const walk = (file: string, via: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of eagerImports(file)) {
      const target = resolve(file, spec);
      if (target) walk(target, [...via, file]);
      else if (heavy.test(spec)) found.push(`${[...via, file].join(" → ")} → ${spec}`);
    }
  };
  // Its client part: the page itself runs on the server.
  walk("components/judge/JudgeScreen.tsx", []);
  assert.ok(seen.has("components/judge/Timeline.tsx"), "the walk reaches the screen's parts");
  assert.deepEqual(found, []);
});
