/**
 * Who reaches which routes and pages, read from the code: every admin API route answers admins only (so reviewers and
 * experts get 403) but the pair browser's (reviewers too: their destinations), the admin pages' layout lets admins only
 * through but the pair browser's and a pair page's, and the review routes and page answer reviewers and admins
 * (REVIEW_ROLES), never experts. A route that named another role would be a change of who may do what:
 * lib/accounts/permissions.ts first.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { mayCall, REVIEW_ROLES, ROLES } from "./permissions";

const root = path.resolve(import.meta.dirname, "..", "..");

function routes(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) routes(rel, out);
    else if (name === "route.ts") out.push(rel);
  }
  return out;
}

/** The first argument of each withRole(…) call of a file, as written. */
const rolesOf = (file: string) =>
  [...readFileSync(path.join(root, file), "utf8").matchAll(/withRole\(\s*("[A-Z]+"|[A-Z_]+)/g)].map((m) => m[1]);

/** The admin routes reviewers may also call (their destinations only, by lib/review's scope): the pair browser's. */
const REVIEWERS_TOO = /^app\/api\/admin\/pairs\//;

test("every admin API route answers admins only (the pair browser's, reviewers too)", () => {
  const files = routes("app/api/admin");
  assert.ok(files.length > 30, "the walk reaches the admin routes");
  for (const f of files) {
    const roles = [...new Set(rolesOf(f))];
    assert.ok(roles.length > 0, `${f} goes through withRole`);
    if (REVIEWERS_TOO.test(f))
      assert.ok(
        roles.every((r) => r === '"ADMIN"' || r === "REVIEW_ROLES"),
        f,
      );
    else assert.deepEqual(roles, ['"ADMIN"'], f);
  }
});

test("the review routes answer reviewers and admins, never experts; the review page likewise", () => {
  const files = routes("app/api/review");
  assert.ok(files.length >= 2);
  for (const f of files) assert.deepEqual([...new Set(rolesOf(f))], ["REVIEW_ROLES"], f);
  assert.match(readFileSync(path.join(root, "app/review/page.tsx"), "utf8"), /requirePageUser\(REVIEW_ROLES\)/);
  assert.deepEqual(
    ROLES.filter((r) => mayCall({ role: r }, REVIEW_ROLES)),
    ["ADMIN", "REVIEWER"],
  );
});

test("the admin pages let admins only through; the pair browser and a pair's page, reviewers too", () => {
  const read = (f: string) => readFileSync(path.join(root, f), "utf8");
  assert.match(read("app/admin/(admin)/layout.tsx"), /requirePageUser\("ADMIN"\)/);
  // Every admin page but the pairs' sits under the admins' layout.
  assert.deepEqual(readdirSync(path.join(root, "app/admin")).sort(), ["(admin)", "pairs"]);
  assert.match(read("app/admin/pairs/layout.tsx"), /requirePageUser\(REVIEW_ROLES\)/);
  assert.match(read("app/admin/pairs/page.tsx"), /requirePageUser\(REVIEW_ROLES\)/);
  assert.match(read("app/admin/pairs/[id]/page.tsx"), /requirePageUser\(REVIEW_ROLES\)/);
  // The pair browser's API: the three routes, reviewers and admins; exports stay admins'.
  assert.deepEqual(
    routes("app/api/admin/pairs").map((f) => [f, [...new Set(rolesOf(f))]]),
    routes("app/api/admin/pairs").map((f) => [f, ["REVIEW_ROLES"]]),
  );
  assert.equal(routes("app/api/admin/pairs").length, 3);
  assert.deepEqual(
    ROLES.filter((r) => mayCall({ role: r }, "ADMIN")),
    ["ADMIN"],
  );
});
