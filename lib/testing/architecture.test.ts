/**
 * The layout of lib/ (decision 018): the concepts, the platform, the kernel and test support, each a folder, and five
 * rules that hold for every folder with no exemptions:
 * 1. a caller outside a folder imports its entry points only: `index.ts` (servers: routes, actions, worker, command
 *    line), `browser.ts` (client code), or the same two of one of its parts (`lib/results/agreement/index.ts`);
 * 2. a concept's `store/` (its SQL and Prisma) reaches another concept's storage only through that store's entry
 *    point (`store/index.ts`), and the stores' calls form no cycle;
 * 3. client code (components/ and "use client" files) imports `browser.ts` entry points only, and no `browser.ts`
 *    reaches a `store/`, the database client or Node's own modules;
 * 4. `kernel/` imports nothing of lib/ outside itself; `platform/` reaches the concepts only through their entry
 *    points (its job handlers, admin-process tasks and sign-in are where concepts are wired in);
 * 5. `testing/` is imported by tests, benchmarks, browser tests and the scripts that run them or regenerate a reference.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

const CONCEPTS = [
  "accounts",
  "judging",
  "quality",
  "datasets",
  "constraints",
  "corrections",
  "results",
  "exports",
  "review",
  "audit",
];
const FOLDERS = [...CONCEPTS, "platform", "kernel", "testing"];
const isTest = (f: string) => /\.(i?test)\.tsx?$/.test(f);

const root = path.dirname(path.dirname(path.dirname(new URL(import.meta.url).pathname)));

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

const files = ["app", "components", "lib", "scripts", "bench", "e2e"].flatMap((d) => sources(d));
const textOf = (f: string) => readFileSync(path.join(root, f), "utf8");
/** Every import of a file: [specifier, the lib file it names or null]. */
function importsOf(file: string): [string, string | null][] {
  return [...textOf(file).matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => [
    m[1],
    resolve(file, m[1]),
  ]);
}
const isClient = (f: string) => f.startsWith("components/") || /^\s*["']use client["']/.test(textOf(f));
const folderOf = (f: string) => (f.startsWith("lib/") ? f.split("/")[1] : null);
/** Whether `target` is an entry point: a folder's or a part's index.ts or browser.ts. */
function isEntry(target: string): boolean {
  const parts = target.split("/");
  return (parts.length === 3 || parts.length === 4) && /^(index|browser)\.ts$/.test(parts[parts.length - 1]);
}

test("ls lib reads as the concepts, the platform, the kernel and test support", () => {
  assert.deepEqual(readdirSync(path.join(root, "lib")).sort(), [...FOLDERS].sort());
  assert.ok(files.includes("lib/testing/architecture.test.ts"), "the walk reaches the code");
});

test("rule 1: callers outside a folder import its entry points only", () => {
  const wrong: string[] = [];
  for (const file of files) {
    for (const [, target] of importsOf(file)) {
      const folder = target && folderOf(target);
      if (!folder || folder === "testing" || folder === folderOf(file)) continue;
      if (!isEntry(target)) wrong.push(`${file} imports ${target}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test("rule 2: a concept's store reaches another's only through its entry point, and the stores form no cycle", () => {
  const wrong: string[] = [];
  const storeOf = (f: string) => /^lib\/([^/]+)\/store\//.exec(f)?.[1];
  const uses = new Map<string, Set<string>>(); // concept → the concepts whose stores its store calls
  for (const file of files.filter((f) => storeOf(f))) {
    for (const [, target] of importsOf(file)) {
      const other = target && storeOf(target);
      if (!other || other === storeOf(file)) continue;
      if (target !== `lib/${other}/store/index.ts`) wrong.push(`${file} imports ${target}`);
      if (!isTest(file)) uses.set(storeOf(file)!, (uses.get(storeOf(file)!) ?? new Set()).add(other));
    }
  }
  // No cycle: today's exports → quality → results → exports was one (decision 018).
  const state = new Map<string, "open" | "done">();
  const visit = (c: string, via: string[]) => {
    if (state.get(c) === "done") return;
    if (state.get(c) === "open") return void wrong.push(`cycle: ${[...via, c].join(" → ")}`);
    state.set(c, "open");
    for (const d of uses.get(c) ?? []) visit(d, [...via, c]);
    state.set(c, "done");
  };
  for (const c of uses.keys()) visit(c, []);
  assert.deepEqual(wrong, []);
});

test("rule 3: client code imports browser entry points, and no browser entry point reaches storage or Node", () => {
  const wrong: string[] = [];
  for (const file of files.filter((f) => !isTest(f) && isClient(f))) {
    for (const [, target] of importsOf(file)) {
      if (target?.startsWith("lib/") && !/\/browser\.ts$/.test(target)) wrong.push(`${file} imports ${target}`);
    }
  }
  const entries = files.filter((f) => f.startsWith("lib/") && f.endsWith("/browser.ts"));
  assert.ok(entries.length >= 5, "the concepts have browser entry points");
  for (const entry of entries) {
    const seen = new Set<string>();
    const walk = (file: string, via: string[]) => {
      if (seen.has(file)) return;
      seen.add(file);
      if (/\/store\//.test(file) || file.startsWith("lib/platform/db/"))
        wrong.push(`${[...via, file].join(" → ")} (storage)`);
      for (const { spec } of edgesOf(file)) {
        const target = resolve(file, spec);
        if (target) walk(target, [...via, file]);
        else if (/^(node:|pg$|@prisma\/|server-only$)/.test(spec))
          wrong.push(`${[...via, file].join(" → ")} → ${spec}`);
      }
    };
    walk(entry, []);
  }
  assert.deepEqual(wrong, []);
});

test("rule 4: the kernel stands alone; the platform reaches concepts through their entry points", () => {
  const wrong: string[] = [];
  for (const file of files.filter((f) => folderOf(f) === "kernel")) {
    for (const [, target] of importsOf(file))
      if (target && folderOf(target) !== "kernel") wrong.push(`${file} imports ${target}`);
  }
  for (const file of files.filter((f) => folderOf(f) === "platform" && !isTest(f))) {
    for (const [, target] of importsOf(file)) {
      const folder = target && folderOf(target);
      if (folder && CONCEPTS.includes(folder) && !isEntry(target)) wrong.push(`${file} imports ${target}`);
      if (folder === "testing") wrong.push(`${file} imports ${target}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test("rule 5: test support is imported by tests, benchmarks and browser tests only", () => {
  const may = (f: string) =>
    isTest(f) ||
    folderOf(f) === "testing" ||
    f.startsWith("bench/") ||
    f.startsWith("e2e/") ||
    f === "scripts/test-all.ts" || // runs the tests (the browser and database they need)
    f === "scripts/dsl-corpus.ts"; // regenerates the DSL corpus' reference values
  const wrong: string[] = [];
  for (const file of files.filter((f) => !may(f))) {
    for (const [, target] of importsOf(file))
      if (target && folderOf(target) === "testing") wrong.push(`${file} imports ${target}`);
  }
  assert.deepEqual(wrong, []);
});

/**
 * One import or re-export that loads a module with `file` (neither `import type` nor a lazy `import()`): its
 * specifier, and the names it takes ("*": all of them).
 */
interface Edge {
  spec: string;
  reexport: boolean;
  names: "*" | [string, string][]; // [name in the target, name here]
}
function edgesOf(file: string): Edge[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const out: Edge[] = [];
  for (const m of text.matchAll(
    /^(import|export)\s+([^;]*?)\s*from\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gms,
  )) {
    if (m[4]) {
      out.push({ spec: m[4], reexport: false, names: "*" });
      continue;
    }
    const clause = m[2].trim();
    if (/^type\b/.test(clause)) continue;
    const reexport = m[1] === "export";
    if (clause === "*" || clause.startsWith("* as")) {
      out.push({ spec: m[3], reexport, names: "*" });
      continue;
    }
    const names: [string, string][] = [];
    const braces = /\{([^}]*)\}/.exec(clause);
    const head = clause
      .replace(/\{[^}]*\}/, "")
      .replace(/,/g, " ")
      .trim();
    if (head) names.push(["default", head]);
    for (const part of braces?.[1].split(",") ?? []) {
      const n = part.trim();
      if (!n || /^type\b/.test(n)) continue;
      const [from, as] = n.split(/\s+as\s+/);
      names.push([from.trim(), (as ?? from).trim()]);
    }
    if (names.length) out.push({ spec: m[3], reexport, names });
  }
  return out;
}
/** Whether `file` exports `name`, itself or through its re-exports. */
function provides(file: string, name: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  if (definesItself(file, name)) return true;
  return edgesOf(file).some((e) => {
    if (!e.reexport) return false;
    const target = resolve(file, e.spec);
    if (!target) return false;
    if (e.names === "*") return provides(target, name, seen);
    return e.names.some(([from, as]) => as === name && provides(target, from, new Set()));
  });
}
/** Whether `file` defines and exports `name` itself. */
function definesItself(file: string, name: string): boolean {
  const text = readFileSync(path.join(root, file), "utf8");
  // `import { x } from "./y"; export { x };` passes y's x on, as a re-export does.
  if (edgesOf(file).some((e) => !e.reexport && e.names !== "*" && e.names.some(([, as]) => as === name))) return false;
  const own = new RegExp(
    `export\\s+(?:declare\\s+)?(?:async\\s+)?(?:function\\*?|const|let|var|class|enum|abstract\\s+class)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*;`,
  );
  return own.test(text);
}

test("the judging screen's first load takes no zod, Leaflet or CodeMirror (the map comes with next/dynamic)", () => {
  // What the bundler loads: our modules have no side effects (package.json "sideEffects"), so a re-export is
  // followed only for the names asked of it, as webpack does; a module whose own names are used is loaded whole.
  const heavy = /^(zod|leaflet|react-leaflet|codemirror|@codemirror\/.*)$/;
  const seen = new Set<string>();
  const asked = new Set<string>();
  const found: string[] = [];
  const walk = (file: string, names: "*" | string[], via: string[]) => {
    const key = `${file}|${names === "*" ? "*" : [...names].sort().join(",")}`;
    if (asked.has(key)) return;
    asked.add(key);
    // Loaded whole when something it defines itself is used; otherwise only its re-exports are followed.
    const whole = !seen.has(file) && (names === "*" || names.some((n) => definesItself(file, n)));
    if (whole) seen.add(file);
    for (const e of edgesOf(file)) {
      const target = resolve(file, e.spec);
      if (!target) {
        if ((whole || e.reexport) && heavy.test(e.spec)) found.push(`${[...via, file].join(" → ")} → ${e.spec}`);
        continue;
      }
      if (!e.reexport) {
        if (whole) walk(target, e.names === "*" ? "*" : e.names.map(([from]) => from), [...via, file]);
        continue;
      }
      const wanted =
        e.names === "*"
          ? names === "*"
            ? "*"
            : names.filter((n) => provides(target, n))
          : e.names.filter(([, as]) => names === "*" || names.includes(as)).map(([from]) => from);
      if (wanted === "*" || wanted.length) walk(target, wanted, [...via, file]);
    }
  };
  // Its client part: the page itself runs on the server.
  walk("components/judge/JudgeScreen.tsx", "*", []);
  assert.ok(seen.has("components/judge/Timeline.tsx"), "the walk reaches the screen's parts");
  assert.deepEqual(found, []);
});
