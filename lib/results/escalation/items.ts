/**
 * Items for guaranteed escalation, one JSON object a line: `{"id", "human"?: "A"|"B"|"NEITHER", "judges": {NAME:
 * VERDICT}}`, where a judge's VERDICT is either probabilities `{"p_a", "p_b", "p_neither"?}` summing to 1 or
 * `{"samples": ["A", "B", …]}` (k verdicts from repeated runs). Each becomes the verdict the judge would give and
 * how sure it is: the largest probability (the authors' `max(probs)`), or for samples the share of the majority
 * verdict among the k (our reading for judges without probabilities; the paper's own confidence for many runs is
 * Simulated Annotators, an average of probabilities). Ties go to the first of A, B, NEITHER (numpy's argmax).
 */
import { z } from "zod";
import { VERDICTS, type Verdict } from "../../judging/verdict";

/** How far p_a + p_b + p_neither may be from 1 (values printed to three decimals still pass). */
export const PROBABILITY_SUM_TOLERANCE = 1e-3;
/** A line longer than this is refused (an item with a few judges is a few hundred bytes). */
export const MAX_ITEM_LINE = 64 * 1024;
/** At most this many of a file's problems are named; the rest are counted. */
export const MAX_PROBLEMS = 20;
export const MAX_SAMPLES = 1000;

export class EscalationInputError extends Error {}

/** A judge's verdict on one item and how sure it is (0–1). */
export interface JudgeCall {
  verdict: Verdict;
  confidence: number;
}

export interface EscalationItem {
  id: string;
  /** The experts' majority verdict; null when the line gives none. */
  human: Verdict | null;
  /** By judge name; a judge without a verdict on the item is absent (it abstains there). */
  judges: Map<string, JudgeCall>;
}

/** One verdict as a judge may write it: A, B or NEITHER, in any case. */
export const verdictLabel = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.enum(VERDICTS, { message: `must be one of ${VERDICTS.join(", ")}` }));
export const probability = z.number().finite().min(0).max(1);
const probabilities = z.strictObject({
  p_a: probability,
  p_b: probability,
  p_neither: probability.optional(),
});
export const samplesList = z.array(verdictLabel).min(1).max(MAX_SAMPLES);
const samples = z.strictObject({ samples: samplesList });
const line = z.strictObject({
  id: z.union([z.string().trim().min(1).max(200), z.number().int()]).transform(String),
  human: verdictLabel.nullish(),
  judges: z.record(z.string().min(1).max(200), z.unknown()),
});

/** The verdict with the largest share and that share (first of A, B, NEITHER on ties). */
function largest(shares: readonly number[]): JudgeCall {
  let best = 0;
  for (let c = 1; c < shares.length; c++) if (shares[c] > shares[best]) best = c;
  return { verdict: VERDICTS[best], confidence: shares[best] };
}

/** The call of verdict counts (A, B, NEITHER), e.g. of samples: the majority and its share of them. */
export function countsCall(counts: readonly [number, number, number]): JudgeCall {
  const k = counts[0] + counts[1] + counts[2];
  return largest(counts.map((n) => n / k));
}

/** One judge's verdict object as a call, or the message saying what is wrong with it. */
export function judgeCall(value: unknown): JudgeCall | string {
  const isSamples = typeof value === "object" && value !== null && "samples" in value;
  const r = isSamples ? samples.safeParse(value) : probabilities.safeParse(value);
  if (!r.success)
    return (
      r.error.issues.map((x) => `${x.path.join(".") || "verdict"}: ${x.message}`).join("; ") +
      (isSamples ? "" : ' (a verdict is {"p_a", "p_b", "p_neither"?} or {"samples": [...]})')
    );
  const data = r.data;
  if ("samples" in data) {
    const counts: [number, number, number] = [0, 0, 0];
    for (const s of data.samples) counts[VERDICTS.indexOf(s)]++;
    return countsCall(counts);
  }
  const { p_a, p_b, p_neither } = data;
  const sum = p_a + p_b + (p_neither ?? 0);
  if (Math.abs(sum - 1) > PROBABILITY_SUM_TOLERANCE)
    return `p_a + p_b${p_neither === undefined ? "" : " + p_neither"} is ${sum}, not 1`;
  return largest(p_neither === undefined ? [p_a, p_b] : [p_a, p_b, p_neither]);
}

/**
 * Parses an items file; every problem names its line. `needHuman`: a calibration file, whose every line carries the
 * experts' verdict. Throws EscalationInputError naming the first MAX_PROBLEMS problems and counting the rest.
 */
export function parseEscalationItems(text: string, name: string, opts: { needHuman: boolean }): EscalationItem[] {
  const items: EscalationItem[] = [];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  text
    .replace(/^\uFEFF/, "")
    .split("\n")
    .forEach((raw, i) => {
      const at = `${name}:${i + 1}`;
      if (raw.length > MAX_ITEM_LINE) return void problems.push(`${at}: line longer than ${MAX_ITEM_LINE} characters`);
      if (!raw.trim()) return;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch (e) {
        return void problems.push(`${at}: not valid JSON (${(e as Error).message})`);
      }
      const r = line.safeParse(value);
      if (!r.success)
        return void problems.push(
          `${at}: ${r.error.issues.map((x) => `${x.path.join(".") || "line"}: ${x.message}`).join("; ")}`,
        );
      const { id, human, judges } = r.data;
      if (opts.needHuman && !human)
        return void problems.push(`${at}: human: a calibration item needs the experts' verdict (A, B or NEITHER)`);
      const earlier = seen.get(id);
      if (earlier !== undefined)
        return void problems.push(`${at}: id "${id.slice(0, 60)}" is already on line ${earlier}`);
      seen.set(id, i + 1);
      const calls = new Map<string, JudgeCall>();
      for (const [judge, verdict] of Object.entries(judges)) {
        const call = judgeCall(verdict);
        if (typeof call === "string") return void problems.push(`${at}: judges.${judge}: ${call}`);
        calls.set(judge, call);
      }
      items.push({ id, human: human ?? null, judges: calls });
    });
  if (problems.length)
    throw new EscalationInputError(
      [
        ...problems.slice(0, MAX_PROBLEMS),
        ...(problems.length > MAX_PROBLEMS ? [`… and ${problems.length - MAX_PROBLEMS} more problem(s)`] : []),
      ].join("\n"),
    );
  return items;
}
