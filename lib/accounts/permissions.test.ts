import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  mayAdminister,
  mayCall,
  mayCorrect,
  mayEditConstraints,
  mayReadConstraints,
  mayJudge,
  mayReview,
  mayReviewJudgment,
  maySetActive,
  nextStages,
  ownsAssignment,
  ROLES,
  STANDINGS,
} from "./permissions";

const admin = { id: "a1", role: "ADMIN" as const };
const expert = { id: "e1", role: "EXPERT" as const };
const reviewer = { id: "r1", role: "REVIEWER" as const };

test("routes: a role's routes only, ANY for every signed-in account", () => {
  assert.ok(mayCall(admin, "ADMIN"));
  assert.ok(!mayCall(expert, "ADMIN"));
  assert.ok(!mayCall(admin, "EXPERT"), "admins never judge blind pairs through the expert routes");
  assert.ok(mayCall(expert, "ANY") && mayCall(admin, "ANY"));
});

test("routes for a list of roles: any of them, no other", () => {
  assert.ok(mayCall(reviewer, ["REVIEWER", "ADMIN"]) && mayCall(admin, ["REVIEWER", "ADMIN"]));
  assert.ok(!mayCall(expert, ["REVIEWER", "ADMIN"]));
  assert.ok(!mayCall(reviewer, "ADMIN"), "a reviewer never reaches an admin-only route");
  assert.ok(!mayCall(reviewer, "EXPERT"), "nor the judging routes");
});

test("reviewing: reviewers on their destinations, admins everywhere, nobody their own judgment, never experts", () => {
  assert.ok(mayReview(reviewer) && mayReview(admin) && !mayReview(expert));
  assert.ok(mayReviewJudgment(reviewer, { expertId: "e1", destinationAssigned: true }));
  assert.ok(!mayReviewJudgment(reviewer, { expertId: "e1", destinationAssigned: false }));
  assert.ok(mayReviewJudgment(admin, { expertId: "e1", destinationAssigned: false }));
  assert.ok(!mayReviewJudgment(reviewer, { expertId: "r1", destinationAssigned: true }), "no self-review");
  assert.ok(!mayReviewJudgment(expert, { expertId: "e2", destinationAssigned: true }));
  assert.ok(!mayJudge(reviewer), "reviewers do not judge");
  assert.ok(!mayEditConstraints({ ...reviewer, standing: "ACTIVE" }, true), "nor revise constraints");
  assert.ok(mayReadConstraints(reviewer, true), "though they read their destinations'");
  assert.ok(!mayCorrect({ ...reviewer, standing: "ACTIVE" }, "experts", true), "nor correct plans");
  assert.ok(!mayAdminister(reviewer));
});

test("judging: experts only, and an assignment only by its own expert", () => {
  assert.ok(mayJudge(expert));
  assert.ok(!mayJudge(admin));
  assert.ok(ownsAssignment(expert, { userId: "e1" }));
  assert.ok(!ownsAssignment(expert, { userId: "e2" }));
});

test("constraints: admins everywhere, experts on their destinations; only admins verify and finalize, in order", () => {
  assert.ok(mayEditConstraints(admin, false));
  assert.ok(mayEditConstraints({ ...expert, standing: "ACTIVE" }, true));
  assert.ok(!mayEditConstraints({ ...expert, standing: "ACTIVE" }, false));
  // Saving needs an active standing; reading does not.
  for (const standing of ["QUALIFYING", "PAUSED", "QUALIFICATION_FAILED"] as const)
    assert.ok(!mayEditConstraints({ ...expert, standing }, true), standing);
  assert.ok(mayReadConstraints(expert, true));
  assert.ok(!mayReadConstraints(expert, false));
  assert.deepEqual(nextStages("DRAFT", "EXPERT"), []);
  assert.deepEqual(nextStages("REVISED", "ADMIN"), ["VERIFIED"]);
  assert.deepEqual(nextStages("DRAFT", "ADMIN"), ["VERIFIED"]);
  assert.deepEqual(nextStages("VERIFIED", "ADMIN"), ["FINAL"]);
  assert.deepEqual(nextStages("FINAL", "ADMIN"), []);
});

test("accounts: admins only, and never deactivating themselves", () => {
  assert.ok(mayAdminister(admin) && !mayAdminister(expert));
  assert.ok(maySetActive(admin, "e1", false));
  assert.ok(!maySetActive(admin, "a1", false));
  assert.ok(maySetActive(admin, "a1", true));
  assert.ok(!maySetActive(expert, "e2", true));
});

/** The values of `enum name { … }` in prisma/schema.prisma, in order. */
function schemaEnum(name: string): string[] {
  const schema = readFileSync(path.join(import.meta.dirname, "..", "..", "prisma", "schema.prisma"), "utf8");
  const body = new RegExp(`^enum ${name} \\{([^}]*)\\}`, "m").exec(schema);
  assert.ok(body, `enum ${name} in prisma/schema.prisma`);
  return body[1]
    .split("\n")
    .map((l) => l.replace(/\/\/.*/, "").trim())
    .filter(Boolean);
}

test("roles and standings are the database's: ROLES and STANDINGS equal prisma/schema.prisma's enums", () => {
  assert.deepEqual([...ROLES], schemaEnum("Role"));
  assert.deepEqual([...STANDINGS], schemaEnum("Standing"));
});
