/**
 * What an import says about its pairs, and how a second planner's bundle finds the requests it answers. A pair is
 * two plans of one request; planners publish one plan per request (ChinaTravel's per-method result folders: one
 * JSON plan per query uid), so a planner's bundle alone makes no pair: the plans of the other planners are added to
 * its dataset ("add to dataset"), and each added plan is paired with the plans its request already has.
 */

/** How a bundle's plans fell on its requests, and the pairs that came of them (after any add to a dataset). */
export interface PairShape {
  /** Requests of the bundle with at least one plan, and with two or more (of those kept for pairing). */
  requestsWithPlans: number;
  requestsWithTwoPlans: number;
  plans: number;
  /** Pairs made (with an add: the new pairs, counting those with the plans already in the dataset). */
  pairs: number;
  excludeInfeasible: boolean;
  /** The manifest's `"pairs": "listed"`. */
  listed: boolean;
  /** Set for an add to a dataset: its name and how many of the bundle's requests matched one of its requests. */
  addedTo?: { name: string; requests: number; matched: number };
}

const ADD_HINT =
  "Pairs compare two plans of the same request: import the other planners' plans for the same requests " +
  "with “Add to dataset” (command line: --into DATASET_ID); their requests are matched by id (a ChinaTravel uid), " +
  "else by their text, and each added plan is paired with the plans already there.";

/** Why an import made no pairs and what to do, or null when it made some (or had no plans: it was refused). */
export function noPairsNote(s: PairShape): string | null {
  if (s.pairs > 0 || s.plans === 0) return null;
  if (s.addedTo) {
    const { name, requests, matched } = s.addedTo;
    if (matched === 0)
      return (
        `No new pairs: none of the bundle's ${requests} request${requests === 1 ? "" : "s"} matched a request of ` +
        `“${name}” by id or by text, so they were added as new requests with one plan each. Check that the bundle ` +
        `answers the same requests (the same uid or the same request text).`
      );
    return (
      `No new pairs: the ${s.plans} plan${s.plans === 1 ? "" : "s"} of the bundle ${s.plans === 1 ? "was" : "were"} ` +
      `in “${name}” already (the same itinerary for the same request)` +
      (s.excludeInfeasible ? ", or failed a gate and were left out of pairing." : ".")
    );
  }
  if (s.listed) return 'No pairs: the bundle\'s pairs file lists none (the manifest says "pairs": "listed").';
  if (s.requestsWithTwoPlans === 0 && s.excludeInfeasible)
    return (
      `No pairs: no request has two plans that pass the gates (plans that fail one were left out of pairing, ` +
      `as asked). ${ADD_HINT}`
    );
  return (
    `No pairs: each of the ${s.requestsWithPlans} request${s.requestsWithPlans === 1 ? "" : "s"} with plans has ` +
    `one plan. ${ADD_HINT}`
  );
}

/**
 * A request's text as it is compared with another bundle's: case, spacing and punctuation aside (the same request
 * exported twice may differ in line breaks or a trailing full stop; nameKey's rule, which keeps accents and CJK).
 */
export function requestTextKey(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, "");
}

/**
 * The source id an added plan is stored under: its own, unless a different plan of its request already has it
 * (two planners both naming their plan after the request's uid); then the planner's name goes in front, and a
 * number after should that be taken too.
 */
export function addedPlanId(sourceId: string, model: string, taken: (id: string) => boolean): string {
  if (!taken(sourceId)) return sourceId;
  const base = `${model}:${sourceId}`;
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}#${n}`)) return `${base}#${n}`;
}
