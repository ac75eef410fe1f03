/**
 * Who may do what, in one place. Each rule is a plain function of who is asking and the facts it
 * needs; the callers (route glue, the concepts' stores) look the facts up and throw AppError("forbidden" | …) when
 * a rule says no. Two rules are also enforced inside the database, in the same statement as the
 * change, because the hot calls make one round trip (docs/decisions/016): tj_session_ok (a standing
 * expert session: active, same session version, role EXPERT) and tj_submit/tj_move_assignment (an
 * assignment moves only for its own expert). They follow mayJudge and ownsAssignment below.
 *
 * Roles and standings are declared here, as lists, for the code (lib/ imports no Prisma), and as the enums Role and
 * Standing of prisma/schema.prisma for the database; permissions.test.ts holds the two to the same values.
 */
import type { DslStage } from "../constraints";

export const ROLES = ["ADMIN", "EXPERT", "REVIEWER"] as const;
export type Role = (typeof ROLES)[number];

/** The roles an admin creates with an invite link (an admin account is made with ADMIN_PASSWORD). */
export const INVITED_ROLES = ["EXPERT", "REVIEWER"] as const satisfies readonly Role[];
export type InvitedRole = (typeof INVITED_ROLES)[number];

/** Who reviews judgments (the review queue, accept, reject, comment): reviewers on their destinations, admins on every one. */
export const REVIEW_ROLES = ["REVIEWER", "ADMIN"] as const satisfies readonly Role[];

export interface Asker {
  id: string;
  role: Role;
}

/** An API route or page for `role`, or for any of a list of roles ("ANY": every signed-in account). */
export function mayCall(user: Pick<Asker, "role">, role: Role | readonly Role[] | "ANY"): boolean {
  if (role === "ANY") return true;
  return typeof role === "string" ? user.role === role : role.includes(user.role);
}

/** Reviewing judgments at all: reviewers and admins (experts never review, not even others' judgments). */
export function mayReview(user: Pick<Asker, "role">): boolean {
  return mayCall(user, REVIEW_ROLES);
}

/**
 * Acting on one judgment (accept, reject, comment, or being served it by the queue): a reviewer on a judgment of one
 * of their destinations, an admin on any; never on one's own judgment (an account that judged and now reviews).
 */
export function mayReviewJudgment(user: Asker, judgment: { expertId: string; destinationAssigned: boolean }): boolean {
  if (!mayReview(user) || judgment.expertId === user.id) return false;
  return user.role === "ADMIN" || judgment.destinationAssigned;
}

/** Claiming, reading and submitting pairs: experts only (admins see pairs through the admin pages, never blind). */
export function mayJudge(user: Pick<Asker, "role">): boolean {
  return user.role === "EXPERT";
}

/** An assignment is read, submitted, skipped or released only by the expert it was given to. */
export function ownsAssignment(user: Asker, assignment: { userId: string }): boolean {
  return assignment.userId === user.id;
}

/** An expert's standing (docs/domain.md): only an active expert's work counts; admins have none. */
export const STANDINGS = ["ACTIVE", "QUALIFYING", "QUALIFICATION_FAILED", "PAUSED"] as const;
export type Standing = (typeof STANDINGS)[number];

/** A request's constraints are read by admins, and by experts of a destination assigned to them. */
export function mayReadConstraints(user: Asker, destinationAssigned: boolean): boolean {
  return user.role === "ADMIN" || destinationAssigned;
}

/**
 * Saving a constraint version: admins on every request; experts (not reviewers) on their destinations' requests while
 * their standing is active (a paused, qualifying or failed expert's revisions would enter the review unchecked).
 */
export function mayEditConstraints(
  user: Asker & { standing?: Standing | null },
  destinationAssigned: boolean,
): boolean {
  // Reviewers read their destinations' constraints (mayReadConstraints) but revise none: revising is experts' work.
  return user.role === "ADMIN" || (user.role === "EXPERT" && destinationAssigned && user.standing === "ACTIVE");
}

/** Who may correct a dataset's plans (Dataset.correctors). */
export const CORRECTORS = ["experts", "admins", "nobody"] as const;
export type Correctors = (typeof CORRECTORS)[number];

/**
 * Correcting a plan (lib/corrections): never where the dataset says nobody; admins otherwise; experts (not reviewers)
 * where the dataset lets experts correct, on their destinations' plans, while their standing is active.
 */
export function mayCorrect(
  user: Asker & { standing?: Standing | null },
  correctors: Correctors,
  destinationAssigned: boolean,
): boolean {
  if (correctors === "nobody") return false;
  if (user.role === "ADMIN") return true;
  return correctors === "experts" && user.role === "EXPERT" && destinationAssigned && user.standing === "ACTIVE";
}

/** ChinaTravel's review: experts revise; only admins verify (after a draft or a revision) and finalize (after verifying). */
export function nextStages(stage: DslStage, role: Role): DslStage[] {
  if (role !== "ADMIN") return [];
  if (stage === "DRAFT" || stage === "REVISED") return ["VERIFIED"];
  if (stage === "VERIFIED") return ["FINAL"];
  return [];
}

/** Reassigning, releasing and adjudicating pairs, imports, exports, fits, accounts and settings: admins. */
export function mayAdminister(user: Asker): boolean {
  return user.role === "ADMIN";
}

/** An admin may deactivate any account but their own (someone must be left to undo it). */
export function maySetActive(user: Asker, targetId: string, active: boolean): boolean {
  return mayAdminister(user) && (active || targetId !== user.id);
}
