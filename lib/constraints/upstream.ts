/**
 * What ChinaTravel's evaluator does to a snippet and to looked-up values before and around running it.
 * TripJudge follows LAMDA-NeSy/ChinaTravel's bilingual evaluator of June 2026 (the state carried by the
 * fork labixiaoQ/ChinaTravel_my at commit 2d5d83e): `chinatravel/symbol_verification/hard_constraint.py`
 * (`evaluate_constraints_py`, `_normalize_legacy_hard_logic_py`) and `concept_func.py`
 * (`normalize_concept_constraint_source`, `normalize_concept_value`, the city lists). Each export names
 * the upstream function it follows.
 */

/** concept_func.py `intercity_transport_origin` / `_destination`: their own list, Chinese then English (first match wins). */
export const INTERCITY_CITY_SCAN = [
  "上海",
  "北京",
  "深圳",
  "广州",
  "重庆",
  "成都",
  "杭州",
  "武汉",
  "南京",
  "苏州",
  "Shanghai",
  "Beijing",
  "Shenzhen",
  "Guangzhou",
  "Chongqing",
  "Chengdu",
  "Hangzhou",
  "Wuhan",
  "Nanjing",
  "Suzhou",
];

export type ConceptKind = "attraction" | "restaurant" | "accommodation";

/** concept_func.py `_CONCEPT_VALUE_ALIASES`: English labels the TPC queries use → the label the English database has. */
export const CONCEPT_VALUE_ALIASES: Record<ConceptKind, Record<string, string>> = {
  attraction: {
    "Art Museum": "Art museum",
    "Cultural Attractions": "Cultural Landscape",
    "Historical Site": "historical site",
    "Natural Scenery": "natural scenery",
    Park: "park",
    "red tourism sites": "Red tourism sites",
    "university campus": "University campus",
  },
  restaurant: {
    "Bread and Desserts": "Bakery and Desserts",
    cafe: "coffee shop",
    "Fast food and simple meals": "Fast food and casual dining",
    "hot pot": "Hot pot",
  },
  accommodation: {
    "Air Purifier": "Air purifier",
    "Bed and Breakfast": "homestay",
    "Bed and breakfast": "homestay",
    "Designer Hotel": "Designer hotel",
    "Family Theme Room": "Family-themed room",
    "Family-themed Room": "Family-themed room",
    "Great View from the Window": "Great view from the window",
    "Scenic Window View": "Great view from the window",
    "Instagrammable swimming pool": "Instagrammable pool",
    "Chess and Card Room": "Mahjong and Card Game Room",
    "Mahjong and Card Room": "Mahjong and Card Game Room",
    "Serviced Apartment": "Hotel Apartment",
    "small but beautiful": "small and beautiful",
    SPA: "Spa",
    "Stunning night views": "Stunning Night Views",
    "Swimming pool": "Swimming Pool",
    "viral swimming pool": "Instagrammable pool",
  },
};
// `_CONCEPT_LITERAL_ALIASES`: all kinds in one table, in the order Python's dict keeps them.
const LITERAL_ALIASES = Object.values(CONCEPT_VALUE_ALIASES).flatMap((m) => Object.entries(m));

/** concept_func.py `normalize_concept_value`: a value the database returns, as the queries spell it. */
export function normalizeConceptValue(kind: ConceptKind, value: string): string {
  return Object.hasOwn(CONCEPT_VALUE_ALIASES[kind], value) ? CONCEPT_VALUE_ALIASES[kind][value] : value;
}

/** concept_func.py `normalize_concept_constraint_source`: every quoted alias in the source text, replaced (both quote styles). */
export function normalizeConceptSource(source: string): string {
  let s = source;
  for (const [alias, canonical] of LITERAL_ALIASES) {
    for (const q of ["'", '"']) s = s.split(`${q}${alias}${q}`).join(`${q}${canonical}${q}`);
  }
  return s;
}

// hard_constraint.py `_ACTIVITY_POSITION_EQ_RE` and `_POI_DISTANCE_TARGET_RE` (Python's re → JavaScript's: named groups, `m` flag).
const ACTIVITY_POSITION_EQ =
  /^(?<prefix>\s*if\s+activity_position\(activity\)\s*==\s*)'(?<value>.*)'(?<suffix>\s*:\s*)$/gm;
const POI_DISTANCE_TARGET =
  /poi_distance\((?<prefix>\s*target_city\(plan\)\s*,\s*)'(?<value>[^\n]*)'(?<suffix>\s*,\s*accommodation_position\s*\))/g;
// Python's json.dumps(value, ensure_ascii=False) and JSON.stringify agree on every well-formed string.
const quoted = (v: string) => JSON.stringify(v);

/**
 * hard_constraint.py `_normalize_legacy_hard_logic_py`: generated snippets that single-quote a POI name that
 * itself holds a quote (`== 'Peppa Pig's Happy Land'`) are rewritten to a double-quoted literal, in the two
 * shapes the generator emitted.
 */
export function repairLegacyLiterals(source: string): string {
  return source
    .replace(
      ACTIVITY_POSITION_EQ,
      (_m, prefix: string, value: string, suffix: string) => `${prefix}${quoted(value)}${suffix}`,
    )
    .replace(
      POI_DISTANCE_TARGET,
      (_m, prefix: string, value: string, suffix: string) => `poi_distance(${prefix}${quoted(value)}${suffix}`,
    );
}

/** `evaluate_constraints_py`'s two rewrites, in its order, before the snippet is compiled. */
export function upstreamSource(source: string): string {
  return repairLegacyLiterals(normalizeConceptSource(source));
}
