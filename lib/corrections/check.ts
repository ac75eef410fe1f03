/**
 * The live check of a correction: the source plan and the corrected one through TripScore's gates, sub-scores
 * and reward, the commonsense violations, the gold rule checks and the request's final DSL constraints. Every
 * pass/fail check lands in `regressions` (passed before, fails now: saving is refused), `fixed` or `unchanged`.
 * The source's side is computed once per checker, so each edit costs one evaluation of the corrected plan.
 * A failure is the same check when its rule, day and item name are (a violation: its sentence), so a failing
 * visit moved to another day shows as fixed where it was and new where it went: it is a new problem there.
 */
import { evaluate, planScope, type DslPoi, poiIndex, chinaTravelView } from "../constraints/browser";
import {
  computeFeatures,
  DEFAULT_WEIGHTS,
  FEATURE_NAMES,
  reward,
  type QueryFacts,
  type Weights,
} from "../results/features/browser";
import { DEFECT_LABELS, runChecks, type DefectKind } from "../quality/gold/browser";
import type { Itinerary } from "../datasets/browser";
import type { PlaceLookup } from "./places";

export interface CheckContext {
  /** The request's facts, as computeFeatures takes them. */
  request: QueryFacts;
  places: PlaceLookup;
  /** The request's final constraints (ChinaTravel's DSL) and what they run against. */
  dsl?: { codes: readonly string[]; pois: readonly DslPoi[]; destination: string; people: number };
  weights?: Weights;
}

export type CheckGroup = "gate" | "violation" | "rule" | "dsl";
/** One pass/fail check of one plan; a violation or rule failure exists only where it fails. */
interface CheckState {
  id: string;
  group: CheckGroup;
  label: string;
  passed: boolean;
  why: string;
}
export interface CheckDiff {
  id: string;
  group: CheckGroup;
  label: string;
  before: boolean;
  after: boolean;
  /** A sentence for the expert: what changed and why. */
  message: string;
  /** The check's own reason now, and before where it failed then: the parts of `message` another language frames anew. */
  why?: string;
  was?: string;
}
export interface ScoreDiff {
  name: string;
  before: number | null;
  after: number | null;
}
export interface Snapshot {
  checks: Map<string, CheckState>;
  scores: Record<string, number | null>;
  reward: number;
}
export interface LiveCheck {
  /** False when anything regressed: the correction must not be saved. */
  ok: boolean;
  regressions: CheckDiff[];
  fixed: CheckDiff[];
  unchanged: CheckDiff[];
  /** Every sub-score and gate value (they are numbers, not pass/fail; the gates are also checks above). */
  scores: ScoreDiff[];
  reward: { before: number; after: number };
}

const RULE_LABELS: Record<string, string> = {
  ...DEFECT_LABELS,
  time_order: "items that overlap in time",
  intercity_transport: "a missing trip there or back",
};

/** Every check of one plan. */
export function snapshot(it: Itinerary, ctx: CheckContext, dslIndex = ctx.dsl && poiIndex(ctx.dsl.pois)): Snapshot {
  const checks = new Map<string, CheckState>();
  const put = (s: CheckState) => {
    // The same failure twice (a place visited three times) stays two failures.
    let id = s.id;
    for (let n = 2; checks.has(id); n++) id = `${s.id}#${n}`;
    checks.set(id, { ...s, id });
  };
  const { features, violations } = computeFeatures(it, ctx.request, ctx.places);
  put({
    id: "gate:format",
    group: "gate",
    label: "format gate",
    passed: features.format > 0,
    why: violations[0] ?? "",
  });
  put({
    id: "gate:commonsense",
    group: "gate",
    label: "commonsense gate",
    passed: features.commonsense > 0 && features.format > 0,
    why: features.format > 0 ? violations.join("; ") : "not checked: the format gate fails",
  });
  for (const v of violations)
    put({ id: `violation:${v}`, group: "violation", label: "commonsense violation", passed: false, why: v });
  for (const f of runChecks(it, ctx.request, ctx.places)) {
    const item = f.day !== null && f.item !== null ? it.days[f.day - 1]?.items[f.item]?.name : null;
    put({
      id: `rule:${f.check}|${f.day ?? ""}|${item ?? ""}`,
      group: "rule",
      label: RULE_LABELS[f.check as DefectKind] ?? f.check,
      passed: false,
      why: f.message,
    });
  }
  if (ctx.dsl && dslIndex) {
    const scope = planScope(chinaTravelView(it, { targetCity: ctx.dsl.destination, people: ctx.dsl.people }), dslIndex);
    ctx.dsl.codes.forEach((code, i) => {
      const r = evaluate(code, scope);
      const why = r.error ? `${r.error.type}: ${r.error.message}` : r.result ? "holds" : "result is False";
      put({ id: `dsl:${i}`, group: "dsl", label: `constraint ${i + 1}`, passed: r.result && !r.error, why });
    });
  }
  const scores = Object.fromEntries(FEATURE_NAMES.map((n) => [n, features[n]]));
  return { checks, scores, reward: reward(features, ctx.weights ?? DEFAULT_WEIGHTS) };
}

function message(s: CheckState, before: boolean, after: boolean, was: string | undefined): string {
  if (s.group === "gate" || s.group === "dsl") {
    const what = s.group === "gate" ? `The ${s.label}` : `Constraint ${s.label.replace("constraint ", "")}`;
    if (before && !after) return `${what} now fails: ${s.why}.`;
    if (!before && after) return `${what} now passes (it failed: ${was}).`;
    return `${what} still ${before ? "passes" : `fails: ${s.why}`}.`;
  }
  if (before && !after) return `New problem, ${s.label}: ${s.why}.`;
  if (!before && after) return `Fixed, ${s.label}: ${s.why}.`;
  return `Still a problem, ${s.label}: ${s.why}.`;
}

/** Before → after for every check, sub-score and the reward. */
export function diff(before: Snapshot, after: Snapshot): LiveCheck {
  const out: LiveCheck = {
    ok: true,
    regressions: [],
    fixed: [],
    unchanged: [],
    scores: Object.keys(after.scores).map((name) => ({
      name,
      before: before.scores[name],
      after: after.scores[name],
    })),
    reward: { before: before.reward, after: after.reward },
  };
  for (const id of new Set([...before.checks.keys(), ...after.checks.keys()])) {
    const b = before.checks.get(id),
      a = after.checks.get(id);
    const was = b?.passed ?? true,
      now = a?.passed ?? true;
    const s = (a ?? b)!;
    const why = s.why;
    const d = {
      id,
      group: s.group,
      label: s.label,
      before: was,
      after: now,
      message: message(s, was, now, b?.why),
      why,
    };
    if (b?.why !== undefined) Object.assign(d, { was: b.why });
    (was && !now ? out.regressions : !was && now ? out.fixed : out.unchanged).push(d);
  }
  out.ok = out.regressions.length === 0;
  return out;
}

/** A checker for one source plan: its side computed once, then `check(corrected)` per edit. */
export function liveChecker(source: Itinerary, ctx: CheckContext) {
  const index = ctx.dsl && poiIndex(ctx.dsl.pois);
  const before = snapshot(source, ctx, index);
  return { before, check: (corrected: Itinerary): LiveCheck => diff(before, snapshot(corrected, ctx, index)) };
}

/** One-off: the source against the corrected plan. */
export const liveCheck = (source: Itinerary, corrected: Itinerary, ctx: CheckContext): LiveCheck =>
  liveChecker(source, ctx).check(corrected);
