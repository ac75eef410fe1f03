import { crossSiteGuard, respond } from "@/lib/platform/next";
import { nextPairCall } from "@/lib/judging/http";

/**
 * POST: the expert's current pair, or a new claim (a claim changes state, so it is never a GET).
 * lib/judging/http/judging-api.ts; also served by the fast path in scripts/serve.ts.
 */
export async function POST(req: Request) {
  return crossSiteGuard(req) ?? respond(await nextPairCall(req.headers.get("cookie"), new URL(req.url).searchParams));
}
