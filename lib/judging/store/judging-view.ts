/**
 * What an expert sees of an assignment (its contract: lib/judging/assignment/view.ts), assembled from the
 * database's JSON text and the cached itinerary texts. Diagnostics only where the dataset allows.
 */
import { ownsAssignment } from "../../accounts";
import { processCache, AppError } from "../../kernel";
import { poolOf, type Db } from "../../platform/db";

/** An assignment's view as the database gives it: everything but the two itineraries. */
export interface ViewParts {
  /** JSON object text: assignmentId, pairId, leaseExpiresAt, expired, query. */
  head: string;
  leftPlanId: string;
  rightPlanId: string;
  /** JSON text of the plan's features, or null where the dataset hides diagnostics. */
  leftDiagnostics: string | null;
  rightDiagnostics: string | null;
}

/** The view's columns as tj_view_parts and tj_claim return them. */
export interface ViewRow {
  head: string;
  left_plan_id: string;
  right_plan_id: string;
  left_diagnostics: string | null;
  right_diagnostics: string | null;
}

export function viewPartsOf(r: ViewRow): ViewParts {
  return {
    head: r.head,
    leftPlanId: r.left_plan_id,
    rightPlanId: r.right_plan_id,
    leftDiagnostics: r.left_diagnostics,
    rightDiagnostics: r.right_diagnostics,
  };
}

/**
 * Itineraries as JSON text, by plan id. Plans never change once imported, and every pair is seen by
 * three experts and every plan sits in several pairs, so each process keeps the texts it served:
 * the bulk of every claim response then costs neither the database nor a re-serialization.
 */
const CACHE_CHARS = 32 * 1024 * 1024;
const cache = processCache("itineraries", () => ({ texts: new Map<string, string>(), chars: 0 }));
const inflight = processCache("itineraries-inflight", () => new Map<string, Promise<string | undefined>>());

async function fetchTexts(db: Db, ids: string[]): Promise<Map<string, string>> {
  const { rows } = await poolOf(db).query<{ id: string; text: string }>({
    name: "tj_itinerary_texts",
    text: `SELECT id, itinerary::text AS text FROM "Plan" WHERE id = ANY($1)`,
    values: [ids],
  });
  for (const r of rows) {
    cache.chars += r.text.length - (cache.texts.get(r.id)?.length ?? 0);
    cache.texts.set(r.id, r.text);
  }
  for (const [id, text] of cache.texts) {
    if (cache.chars <= CACHE_CHARS) break;
    cache.texts.delete(id);
    cache.chars -= text.length;
  }
  return new Map(rows.map((r) => [r.id, r.text]));
}

async function itineraryTexts(db: Db, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const missing: string[] = [];
  for (const id of ids) {
    const hit = cache.texts.get(id);
    if (hit === undefined) missing.push(id);
    else {
      cache.texts.delete(id); // least recently used goes first
      cache.texts.set(id, hit);
      out.set(id, hit);
    }
  }
  // The three experts of a pair often claim it at the same moment: one fetch serves them all.
  const toFetch = missing.filter((id) => !inflight.has(id));
  if (toFetch.length) {
    const fetched = fetchTexts(db, toFetch);
    for (const id of toFetch) {
      const one = fetched.then((m) => m.get(id));
      inflight.set(id, one);
      void one.finally(() => inflight.delete(id)).catch(() => {});
    }
  }
  const pending = missing.map((id) => [id, inflight.get(id)] as const);
  for (const [id, promise] of pending) {
    const text = await promise;
    if (text !== undefined) out.set(id, text);
  }
  return out;
}

/** The whole view as JSON text (an AssignmentView): the parts with the itineraries spliced in, never re-parsed. */
export async function renderView(db: Db, v: ViewParts): Promise<string> {
  const texts = await itineraryTexts(db, [v.leftPlanId, v.rightPlanId]);
  const plan = (id: string, diagnostics: string | null) => {
    const itinerary = texts.get(id);
    if (itinerary === undefined) throw new Error(`plan ${id} is gone`);
    return `{"itinerary":${itinerary},"diagnostics":${diagnostics ?? "null"}}`;
  };
  return `${v.head.slice(0, -1)},"left":${plan(v.leftPlanId, v.leftDiagnostics)},"right":${plan(v.rightPlanId, v.rightDiagnostics)}}`;
}

/** The expert's own assignment as JSON text; refused when it is not theirs or no longer open. */
export async function assignmentViewJson(db: Db, assignmentId: string, userId: string): Promise<string> {
  const { rows } = await poolOf(db).query<ViewRow & { user_id: string; status: string }>({
    name: "tj_view_parts",
    text: "SELECT * FROM tj_view_parts($1)",
    values: [assignmentId],
  });
  const row = rows[0];
  if (!row || !ownsAssignment({ id: userId, role: "EXPERT" }, { userId: row.user_id }))
    throw new AppError("not_assigned", "This pair is not assigned to you.");
  if (row.status !== "CLAIMED" && row.status !== "EXPIRED")
    throw new AppError("gone", "This pair is no longer open for you (submitted, skipped or released).");
  return renderView(db, viewPartsOf(row));
}
