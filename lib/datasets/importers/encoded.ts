/**
 * A plan as a sink stores it: its three documents (the source record, the normalized itinerary, the features
 * with their violations) already written as bytes, and the content hash of its itinerary. Plan threads
 * (./plan-threads.ts) send plans this way, so the thread that writes only copies bytes.
 */
import { createHash } from "node:crypto";
import type { NormalizedPlan } from "../normalized";
import { itemCount } from "../itinerary/model";
import { planStyle } from "../../results/leaderboard";

export interface EncodedPlan {
  sourceId: string;
  /** The request's source id. */
  query: string;
  model: string;
  feasible: boolean;
  /** Items over all days. */
  itemCount: number;
  /** Items whose place is unknown (no coordinates): an add that skips a plan already there leaves them out too. */
  unresolved: number;
  /** The style covariates (lib/results/leaderboard/style.ts) as JSON text: style control reads them, never the itinerary. */
  style: string;
  /** SHA-256 of the itinerary's JSON text: the normalizer writes every itinerary with the same key order, so the text identifies its content. */
  contentHash: string;
  /**
   * raw, itinerary and features (`\N` when the plan has none) as JSON text in tab-separated fields with each
   * backslash doubled: PostgreSQL COPY's text format (JSON.stringify writes no tab or line break of its own), UTF-8.
   */
  documents: Uint8Array;
}

/** A JSON text as a COPY text field: only backslashes need escaping (see EncodedPlan.documents). */
const field = (json: string) => (json.includes("\\") ? json.replaceAll("\\", "\\\\") : json);

/** The plan's fields and its documents' text (what `documents` holds, before UTF-8). */
export function encodePlanText(p: NormalizedPlan): { plan: Omit<EncodedPlan, "documents">; documents: string } {
  const itinerary = JSON.stringify(p.itinerary);
  const features = p.features ? JSON.stringify({ ...p.features, violations: p.violations ?? [] }) : null;
  return {
    plan: {
      sourceId: p.sourceId,
      query: p.query,
      model: p.model,
      feasible: p.feasible !== false,
      itemCount: itemCount(p.itinerary),
      unresolved: p.itinerary.days.reduce(
        (n, d) => n + d.items.filter((i) => i.lat === null || i.lon === null).length,
        0,
      ),
      style: JSON.stringify(planStyle(p.itinerary)),
      contentHash: createHash("sha256").update(itinerary).digest("hex"),
    },
    documents: `${field(JSON.stringify(p.raw ?? {}))}\t${field(itinerary)}\t${features === null ? "\\N" : field(features)}`,
  };
}

export function encodePlan(p: NormalizedPlan): EncodedPlan {
  const { plan, documents } = encodePlanText(p);
  return { ...plan, documents: Buffer.from(documents, "utf8") };
}
