/**
 * What an expert sees of an assignment: the request and the two plans as left and right —
 * never model names, plan ids or A/B identity. Diagnostics only where the dataset allows.
 */
import { DEFAULT_WEIGHTS, reward, type PlanFeatures } from "../features";
import type { Itinerary } from "../itinerary/model";
import type { Db } from "./client";
import { UserError } from "./users";

export interface PlanView {
  itinerary: Itinerary;
  diagnostics: { features: PlanFeatures; reward: number; violations: string[] } | null;
}

export interface AssignmentView {
  assignmentId: string;
  /** Opaque; lets an expert's tooling and the tests tell pairs apart. Reveals nothing about the plans. */
  pairId: string;
  leaseExpiresAt: string;
  expired: boolean;
  query: {
    text: string;
    origin: string | null;
    destination: { name: string; country: string; lat: number; lon: number };
    days: number;
    people: number;
    startDate: string | null;
    preferences: Record<string, unknown>;
  };
  left: PlanView;
  right: PlanView;
}

function planView(plan: { itinerary: unknown; features: unknown }, show: boolean): PlanView {
  const stored = plan.features as (PlanFeatures & { violations?: string[] }) | null;
  return {
    itinerary: plan.itinerary as Itinerary,
    diagnostics: show && stored ? { features: stored, reward: reward(stored, DEFAULT_WEIGHTS), violations: stored.violations ?? [] } : null,
  };
}

export async function assignmentView(db: Db, assignmentId: string, userId: string): Promise<AssignmentView> {
  const a = await db.assignment.findUnique({
    where: { id: assignmentId },
    include: { pair: { include: { planA: true, planB: true, query: { include: { destination: true, dataset: { select: { showDiagnostics: true } } } } } } },
  });
  if (!a || a.userId !== userId) throw new UserError("This pair is not assigned to you.", 404);
  if (a.status !== "CLAIMED" && a.status !== "EXPIRED") throw new UserError("This pair is no longer open for you (submitted, skipped or released).", 410);
  const q = a.pair.query;
  const show = q.dataset.showDiagnostics;
  const [left, right] = a.leftPlanId === a.pair.planAId ? [a.pair.planA, a.pair.planB] : [a.pair.planB, a.pair.planA];
  return {
    assignmentId: a.id,
    pairId: a.pairId,
    leaseExpiresAt: a.leaseExpiresAt.toISOString(),
    expired: a.status === "EXPIRED" || a.leaseExpiresAt < new Date(),
    query: {
      text: q.text, origin: q.origin, days: q.days, people: q.people, startDate: q.startDate, preferences: q.preferences as Record<string, unknown>,
      destination: { name: q.destination.name, country: q.destination.country, lat: q.destination.lat, lon: q.destination.lon },
    },
    left: planView(left, show),
    right: planView(right, show),
  };
}
