/**
 * The judging API's calls, independent of the framework: take the next pair, submit a judgment, skip.
 * The Next.js route handlers answer with these, and for the two hot ones (next, submit) so does the
 * server's fast path (docs/decisions/001). The next pair is one statement for an active expert (tj_next); a
 * submit or skip is a one-row lookup that tells a gold answer from an assignment, then one statement
 * (tj_submit, tj_skip) or, for gold, one transaction (tj_gold_submit or tj_gold_skip with the pause test).
 * Each statement also checks the account behind the session token (docs/decisions/016, 006).
 */
import { mayJudge } from "../../accounts";
import { z } from "zod";
import { db, type Db } from "../../platform/db";
import type { JudgingSettings } from "../assignment/policy";
import { dimensionChoicesSchema } from "../../results/dimensions";
import { cachedWeights } from "../../results/store";
import { claimNext, destinationForExpert, skipAssignment, submitJudgment, type SessionCheck } from "../store/judging";
import { renderView } from "../store/judging-view";
import {
  claimGoldPair,
  finishExhaustedQualification,
  goldDraw,
  goldView,
  nextPair,
  nextQualificationPair,
  qualificationCounts,
  qualificationPlace,
  skipGold,
  submitGold,
} from "../../quality/store";
import { getSettings } from "../store/settings";
import {
  answerFor,
  errorAnswer,
  parseJsonText,
  refuseNul,
  requireJson,
  type Answer,
  claimsOfToken,
  sessionTokenOf,
  type SessionClaims,
} from "../../platform/http";

/** The expert's session from a Cookie header, or the answer that refuses the call. */
async function expertSession(cookieHeader: string | null): Promise<SessionClaims | Answer> {
  const session = await claimsOfToken(sessionTokenOf(cookieHeader));
  if (!session) return errorAnswer("unauthenticated", "Sign in first.");
  if (!mayJudge(session)) return errorAnswer("forbidden", "You do not have access to this.");
  return session;
}

const isAnswer = (x: SessionClaims | Answer): x is Answer => "status" in x;

const nextParams = z.object({
  destination: z.string().max(64).optional(),
  exclude: z.string().max(400).optional(),
});

/** POST /api/judge/next: the expert's current pair (resumed after a reload), or a new claim; `exclude` asks for the one behind it. */
export async function nextPairCall(cookieHeader: string | null, search: URLSearchParams): Promise<Answer> {
  try {
    const session = await expertSession(cookieHeader);
    if (isAnswer(session)) return session;
    refuseNul(search.toString(), "address");
    const p = nextParams.parse(Object.fromEntries(search));
    const settings = await getSettings(db());
    const exclude = p.exclude?.split(",").filter(Boolean);
    return await nextPairFor(db(), session.userId, settings, {
      destinationId: p.destination || null,
      exclude,
      sessionVersion: session.sessionVersion,
      session,
    });
  } catch (e) {
    return answerFor(e);
  }
}

/** What a qualifying expert without a qualification set is told (the screen and the quality page show it). */
export const NO_QUALIFICATION_SET =
  "There are no qualification pairs for your destinations yet, so you judge real pairs meanwhile. Qualification starts when gold pairs exist.";

/**
 * The next-pair answer for an expert, as JSON text: a paused or unqualified expert is told why; a qualifying one
 * gets qualification pairs; an active one a gold pair at its dataset's rate, else a real pair. Separate from the
 * session handling so that integration tests call it with their own database.
 */
export async function nextPairFor(
  database: Db,
  userId: string,
  settings: JudgingSettings,
  opts: { destinationId: string | null; exclude?: string[]; sessionVersion?: number | null; session?: SessionCheck },
): Promise<Answer> {
  // One round trip for an active expert: tj_next decides between resuming, a gold pair and a real one.
  const next = await nextPair(database, userId, settings, await goldDraw(database), opts);
  if (next.kind === "unauthorized") return errorAnswer("unauthenticated", "Sign in first.");
  const base = { rationaleMinLength: settings.rationaleMinLength };
  // Paused, or failed qualification: nothing to judge until an admin decides.
  if (next.kind === "not_active")
    return {
      status: 200,
      body: JSON.stringify({ assignment: null, ...base, standing: { state: next.standing, note: next.note } }),
    };
  const weights = async () => JSON.stringify(await cachedWeights(database));
  const answer = async (view: Promise<string> | string, extra = "") => {
    const [v, w] = await Promise.all([view, weights()]);
    return {
      status: 200,
      body: `{"assignment":${v},"rationaleMinLength":${settings.rationaleMinLength},"rewardWeights":${w}${extra}}`,
    };
  };
  // Nothing waits. Within a destination that is none, or not theirs, say so rather than "nothing waits" (asked only
  // here, so a claim stays one statement).
  const nothing = async (): Promise<Answer> => {
    const d = opts.destinationId ? await destinationForExpert(database, userId, opts.destinationId) : null;
    if (d?.kind === "unknown")
      return errorAnswer("not_found", `There is no destination with the id ${JSON.stringify(opts.destinationId)}.`);
    if (d?.kind === "not_theirs")
      return errorAnswer("forbidden", `${d.name} is not one of your destinations: an admin assigns them.`);
    return { status: 200, body: JSON.stringify({ assignment: null, ...base }) };
  };
  if (next.kind === "none") return nothing();
  if (next.kind === "gold") return answer(next.json);
  if (next.kind === "real") return answer(renderView(database, next.view));
  // Qualifying: the set goes on. The banner's "pair n" is the pair's place in the set: after those answered and the
  // one on the screen when this is the look-ahead (it claims the next pair before the current one is answered).
  const { answered, held, total, length } = await qualificationCounts(database, userId, settings);
  const qualificationOf = (answered: number) =>
    `,"standing":{"state":"QUALIFYING","note":null},"qualification":{"answered":${answered},"length":${length},"passMark":${settings.qualificationPassMark}}`;
  const goldAnswer = async (id: string) =>
    answer(
      goldView(database, id).then((v) => v!.json),
      qualificationOf(
        await qualificationPlace(
          database,
          userId,
          (opts.exclude ?? []).filter((x) => x !== id),
        ),
      ),
    );
  const qualification = qualificationOf(answered);
  if (next.live) return goldAnswer(next.live);
  // Never more pairs than the set's length (the screen's look-ahead asks for one more).
  const pick =
    answered + held < settings.qualificationLength
      ? await nextQualificationPair(database, userId, opts.destinationId)
      : null;
  const id = pick ? await claimGoldPair(database, userId, pick, "QUALIFICATION", settings) : null;
  if (id) return goldAnswer(id);
  if (total > 0) {
    if (held > 0 || opts.destinationId)
      return {
        status: 200,
        body: `{"assignment":null,"rationaleMinLength":${settings.rationaleMinLength}${qualification}}`,
      };
    // The set began and its gold pairs ran out (fewer than its length exist): decide it on what was answered.
    const decided = await finishExhaustedQualification(database, userId, settings);
    if (decided && !decided.passed)
      return {
        status: 200,
        body: JSON.stringify({ assignment: null, ...base, standing: { state: "QUALIFICATION_FAILED", note: null } }),
      };
    if (!decided)
      return {
        status: 200,
        body: `{"assignment":null,"rationaleMinLength":${settings.rationaleMinLength}${qualification}}`,
      };
    // Passed: real pairs from now on.
    return nextPairFor(database, userId, settings, opts);
  }
  // No gold pair for their destinations (none made yet, or gold is off for the dataset): a new expert is never
  // held back by the default settings. They judge real pairs, and their standing says why.
  const claim = await claimNext(database, userId, settings, {
    destinationId: opts.destinationId,
    exclude: opts.exclude,
    session: opts.session,
  });
  const extra = `,"standing":{"state":"QUALIFYING","note":${JSON.stringify(NO_QUALIFICATION_SET)}}`;
  if (!claim) return nothing();
  return answer(renderView(database, claim.view), extra);
}

/** The assignment id of a submit path's segment, as written; a malformed escape is kept (no assignment has that id, and the call says so). */
export function assignmentParam(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The largest submit body read (a rationale of 10,000 characters fits many times over). */
export const SUBMIT_MAX_BYTES = 64 * 1024;

const submitInput = z.object({
  choice: z.enum(["left", "right", "neither"]),
  /** 1 slightly, 2 clearly, 3 decisively better: asked with left or right on datasets with preference strength. */
  strength: z
    .union([z.literal(1), z.literal(2), z.literal(3)], { error: "strength is 1, 2 or 3" })
    .nullish()
    .transform((s) => s ?? null),
  /** Per dimension of the dataset's set: left, right, same or na, with a strength where strength is asked. */
  dimensions: dimensionChoicesSchema.nullish().transform((d) => d ?? null),
  rationale: z.string().max(10_000, "Keep the rationale under 10,000 characters."),
  timeOnTaskMs: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600_000),
  clientRequestId: z.string().min(8).max(100),
});

/** POST /api/judge/<assignment>/submit: 201 with the new judgment, 200 when a retry finds it stored. */
export async function submitCall(
  cookieHeader: string | null,
  assignmentParam: string,
  bodyText: string,
  contentType: string | null | undefined,
): Promise<Answer> {
  try {
    const session = await expertSession(cookieHeader);
    if (isAnswer(session)) return session;
    requireJson(contentType);
    refuseNul(encodeURIComponent(assignmentParam), "address");
    const assignmentId = z.string().min(1).max(64).parse(assignmentParam);
    const body = parseJsonText(bodyText, submitInput, SUBMIT_MAX_BYTES);
    const settings = await getSettings(db());
    const r =
      (await submitGold(db(), session.userId, { assignmentId, ...body }, settings, session)) ??
      (await submitJudgment(db(), session.userId, { assignmentId, ...body }, settings, session));
    return { status: r.duplicate ? 200 : 201, body: JSON.stringify(r) };
  } catch (e) {
    return answerFor(e);
  }
}

const skipInput = z.object({ reason: z.string().trim().min(1, "Say why you skip.").max(500) });

/** POST /api/judge/<assignment>/skip: the pair goes to another expert and never comes back to this one. */
export async function skipCall(
  cookieHeader: string | null,
  assignmentParam: string,
  bodyText: string,
  contentType: string | null | undefined,
): Promise<Answer> {
  try {
    const session = await expertSession(cookieHeader);
    if (isAnswer(session)) return session;
    requireJson(contentType);
    const assignmentId = z.string().min(1).max(64).parse(assignmentParam);
    const { reason } = parseJsonText(bodyText, skipInput);
    if (!(await skipGold(db(), session.userId, assignmentId, await getSettings(db()), session)))
      await skipAssignment(db(), session.userId, assignmentId, reason, session);
    return { status: 200, body: JSON.stringify({ ok: true }) };
  } catch (e) {
    return answerFor(e);
  }
}
