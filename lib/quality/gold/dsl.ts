/** The request's final constraints as a gold check: which of them a plan fails, through ChinaTravel's view of the plan. */
import { evaluate, planScope, type DslPoi, chinaTravelView } from "../../constraints/browser";
import type { Itinerary } from "../../datasets/browser";
import type { DslCheck } from "./perturb";

export function finalConstraintsCheck(
  codes: readonly string[],
  ctx: { destination: string; people: number; pois: readonly DslPoi[] },
): DslCheck {
  return {
    codes,
    failing(it: Itinerary) {
      const scope = planScope(chinaTravelView(it, { targetCity: ctx.destination, people: ctx.people }), ctx.pois);
      const out = new Set<number>();
      for (const [i, code] of codes.entries()) {
        const r = evaluate(code, scope);
        // A constraint that cannot run says nothing either way: the candidate is not confirmed.
        if (r.error) return null;
        if (!r.result) out.add(i);
      }
      return out;
    },
  };
}
