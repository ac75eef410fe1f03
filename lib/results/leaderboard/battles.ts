/**
 * Battles: each judgment of a pair is one battle between the planners (`model`) of its two plans, in
 * FastChat's shape. Kept columnar (typed arrays), so a million battles cost a few megabytes.
 */
import { z } from "zod";

export const WINNERS = ["model_a", "model_b", "tie", "tie (bothbad)"] as const;
export type Winner = (typeof WINNERS)[number];
/** Outcome codes in a BattleSet. */
export const A_WINS = 0,
  B_WINS = 1,
  TIE = 2;
/** Which plan the expert saw on the left: A, B, or not recorded. */
export const LEFT_A = 1,
  LEFT_B = 0,
  LEFT_UNKNOWN = 255;

/** The style covariates FastChat's style control would use, for itineraries. */
export const STYLE_COVARIATES = ["items", "items_per_day", "km", "cost"] as const;
export type StyleCovariate = (typeof STYLE_COVARIATES)[number];
export type PlanStyle = Record<StyleCovariate, number>;

/**
 * One battle of a battles file, as the field publishes them: FastChat's battle record (`clean_battle_*.json`,
 * its `question_id`, `anony` and "tie (bothbad)"), lmarena's arena-human-preference data ("both_bad"), and
 * TripJudge's own export (`query_id`, `left`). Other fields are ignored. `query_id` is the resampling unit,
 * else `question_id`; `anony` false marks a battle whose planners' names the judge saw.
 */
export const battleLineSchema = z
  .object({
    model_a: z.string().trim().min(1).max(200),
    model_b: z.string().trim().min(1).max(200),
    winner: z.enum([...WINNERS, "both_bad"]),
    query_id: z.union([z.string().max(200), z.number()]).nullish(),
    question_id: z.union([z.string().max(200), z.number()]).nullish(),
    left: z.enum(["model_a", "model_b"]).nullish(),
    anony: z.boolean().nullish(),
    /** The battle's own id (lmarena's `id`): pairs an expert's battle with the judge's verdict on it (prediction-powered). */
    id: z.union([z.string().max(200), z.number()]).nullish(),
    /** TripJudge's battles export: per dimension, the winner by that dimension's answer (null: not applicable). */
    dimensions: z
      .record(z.string().max(64), z.enum(["model_a", "model_b", "tie"]).nullable())
      .nullish()
      .transform((d) => d ?? null),
  })
  .transform(({ query_id, question_id, winner, anony, id, ...rest }) => {
    const q = query_id ?? question_id;
    return {
      ...rest,
      id: id === null || id === undefined ? null : String(id),
      winner: winner === "both_bad" ? ("tie (bothbad)" as const) : winner,
      query_id: q === null || q === undefined ? null : String(q),
      named: anony === false,
    };
  });
export type BattleLine = z.input<typeof battleLineSchema>;

export interface BattleSet {
  models: string[];
  size: number;
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  /** How many identical battles this row stands for (1 from a file; a count from the database). */
  weight: Float64Array;
  /** The resampling unit (query): battles of one unit are resampled together. */
  unit: Int32Array;
  units: number;
  left: Uint8Array;
  /** Per battle, the covariates of side A then side B (2·K values), when style control is wanted. */
  style: Float64Array | null;
}

/** Builds a BattleSet row by row; battles of a planner against itself carry no information and are counted, not kept. */
export class BattleSetBuilder {
  private models = new Map<string, number>();
  private unitIds = new Map<string, number>();
  private n = 0;
  private cap = 1024;
  private a = new Int32Array(this.cap);
  private b = new Int32Array(this.cap);
  private outcome = new Uint8Array(this.cap);
  private weight = new Float64Array(this.cap);
  private unit = new Int32Array(this.cap);
  private left = new Uint8Array(this.cap);
  private style: Float64Array | null;
  private anonymousUnits = 0;
  selfBattles = 0;

  constructor(private readonly withStyle = false) {
    this.style = withStyle ? new Float64Array(this.cap * 2 * STYLE_COVARIATES.length) : null;
  }

  private modelIndex(name: string): number {
    let i = this.models.get(name);
    if (i === undefined) this.models.set(name, (i = this.models.size));
    return i;
  }

  private grow() {
    this.cap *= 2;
    const g = <T extends Int32Array | Uint8Array | Float64Array>(old: T, make: (n: number) => T, per = 1): T => {
      const next = make(this.cap * per);
      next.set(old);
      return next;
    };
    this.a = g(this.a, (n) => new Int32Array(n));
    this.b = g(this.b, (n) => new Int32Array(n));
    this.outcome = g(this.outcome, (n) => new Uint8Array(n));
    this.weight = g(this.weight, (n) => new Float64Array(n));
    this.unit = g(this.unit, (n) => new Int32Array(n));
    this.left = g(this.left, (n) => new Uint8Array(n));
    if (this.style) this.style = g(this.style, (n) => new Float64Array(n), 2 * STYLE_COVARIATES.length);
  }

  /** `query` null: the battle is its own unit (FastChat's battle bootstrap). */
  add(
    modelA: string,
    modelB: string,
    outcome: number,
    query: string | null,
    left: number = LEFT_UNKNOWN,
    weight = 1,
    styleA?: PlanStyle,
    styleB?: PlanStyle,
  ) {
    if (modelA === modelB) {
      this.selfBattles += weight;
      return;
    }
    if (this.n === this.cap) this.grow();
    const i = this.n++;
    this.a[i] = this.modelIndex(modelA);
    this.b[i] = this.modelIndex(modelB);
    this.outcome[i] = outcome;
    this.weight[i] = weight;
    this.left[i] = left;
    let u: number;
    if (query === null) u = -1 - this.anonymousUnits++;
    else {
      const known = this.unitIds.get(query);
      if (known === undefined) this.unitIds.set(query, (u = this.unitIds.size));
      else u = known;
    }
    this.unit[i] = u;
    if (this.style) {
      if (!styleA || !styleB) throw new Error("BattleSetBuilder: style control needs both plans' style");
      const K = STYLE_COVARIATES.length;
      STYLE_COVARIATES.forEach((c, k) => {
        this.style![i * 2 * K + k] = styleA[c];
        this.style![i * 2 * K + K + k] = styleB[c];
      });
    }
  }

  addLine(line: z.output<typeof battleLineSchema>) {
    const outcome = line.winner === "model_a" ? A_WINS : line.winner === "model_b" ? B_WINS : TIE;
    const left = line.left === "model_a" ? LEFT_A : line.left === "model_b" ? LEFT_B : LEFT_UNKNOWN;
    this.add(line.model_a, line.model_b, outcome, line.query_id, left);
  }

  build(): BattleSet {
    const named = this.unitIds.size;
    const unit = this.unit.slice(0, this.n);
    // Battles without a query are units of their own, numbered after the named queries.
    for (let i = 0; i < unit.length; i++) if (unit[i] < 0) unit[i] = named + (-1 - unit[i]);
    return {
      models: [...this.models.keys()],
      size: this.n,
      a: this.a.slice(0, this.n),
      b: this.b.slice(0, this.n),
      outcome: this.outcome.slice(0, this.n),
      weight: this.weight.slice(0, this.n),
      unit,
      units: named + this.anonymousUnits,
      left: this.left.slice(0, this.n),
      style: this.style ? this.style.slice(0, this.n * 2 * STYLE_COVARIATES.length) : null,
    };
  }
}

export class BattlesError extends Error {}

/** Parses one line of a battles file; the error names the file and line. */
export function parseBattleLine(text: string, name: string, lineNo: number) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new BattlesError(`${name}:${lineNo}: not valid JSON (${(e as Error).message})`);
  }
  return parseBattle(value, `${name}:${lineNo}`);
}

/** Checks one parsed battle record; the error names where it came from (a file's line, or an array's element). */
export function parseBattle(value: unknown, where: string) {
  const r = battleLineSchema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new BattlesError(`${where}: ${issue.path.join(".") || "battle"}: ${issue.message}`);
  }
  return r.data;
}
