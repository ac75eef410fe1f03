import { crossSiteGuard, respond } from "@/lib/server/api";
import { nextPairCall } from "@/lib/server/judging-api";

/**
 * POST: the expert's current pair, or a new claim (a claim changes state, so it is never a GET).
 * lib/server/judging-api.ts; also served by the fast path in scripts/serve.ts.
 */
export async function POST(req: Request) {
  return crossSiteGuard(req) ?? respond(await nextPairCall(req.headers.get("cookie"), new URL(req.url).searchParams));
}
