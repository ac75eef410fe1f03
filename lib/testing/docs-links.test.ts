/**
 * The documentation's relative links lead somewhere: every link and image in README.md and docs/**\/*.md that is not
 * a URL names a file or folder of the checkout, and a `#fragment` names a heading of the Markdown file it points at
 * (GitHub's anchors). Every page of docs/ is reachable from the README.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

const root = path.dirname(path.dirname(path.dirname(new URL(import.meta.url).pathname)));

function markdownFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) markdownFiles(rel, out);
    else if (name.endsWith(".md")) out.push(rel);
  }
  return out;
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown
    .replace(/^```[^\n]*\n[\s\S]*?^```$/gm, (block) => block.replace(/[^\n]/g, ""))
    .replace(/``[^`]*``|`[^`\n]*`/g, "");
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2, … */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const text = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "");
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = m[1].replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*_]/g, (c) => (c === "_" ? c : ""));
    const base = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** [text](target) and ![alt](target) links of a Markdown file, with their line numbers. */
function links(markdown: string): { target: string; line: number }[] {
  const out: { target: string; line: number }[] = [];
  prose(markdown)
    .split("\n")
    .forEach((text, i) => {
      for (const m of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
        out.push({ target: m[1], line: i + 1 });
    });
  return out;
}

const files = ["README.md", ...markdownFiles("docs")];

test("GitHub's anchors, as its pages make them", () => {
  const a = anchors("# Two commands\n## Constraints in ChinaTravel's DSL\n### `bench:import`, again\n## Two commands");
  assert.deepEqual([...a], ["two-commands", "constraints-in-chinatravels-dsl", "benchimport-again", "two-commands-1"]);
});

test("every relative link in the README and docs/ leads to a file, and to a heading of it", () => {
  assert.ok(files.includes("docs/domain.md") && files.includes("docs/decisions/README.md"), "the walk reaches docs/");
  const broken: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const { target, line } of links(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const [pathPart, fragment] = target.split("#", 2);
      const resolved = pathPart ? path.normalize(path.join(path.dirname(file), decodeURI(pathPart))) : file;
      if (resolved.startsWith("..") || !existsSync(path.join(root, resolved))) {
        broken.push(`${file}:${line}: ${target} (no ${resolved})`);
        continue;
      }
      if (fragment === undefined) continue;
      if (!resolved.endsWith(".md"))
        broken.push(`${file}:${line}: ${target} (a fragment of a file that is not Markdown)`);
      else if (!anchors(readFileSync(path.join(root, resolved), "utf8")).has(fragment))
        broken.push(`${file}:${line}: ${target} (no heading #${fragment} in ${resolved})`);
    }
  }
  assert.deepEqual(broken, []);
});

test("every page of docs/ is linked from the README", () => {
  const readme = links(readFileSync(path.join(root, "README.md"), "utf8")).map((l) =>
    path.normalize(l.target.split("#")[0]),
  );
  const pages = files.filter((f) => f.startsWith("docs/") && path.dirname(f) === "docs");
  assert.deepEqual(
    pages.filter((p) => !readme.includes(p)),
    [],
  );
});
