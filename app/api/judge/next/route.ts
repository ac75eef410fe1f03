import { nextPairCall } from "@/lib/server/judging-api";
import { respond } from "@/lib/server/api";

/** The expert's current pair, or a new claim (lib/server/judging-api.ts; also served by the fast path in scripts/serve.ts). */
export async function GET(req: Request) {
  return respond(await nextPairCall(req.headers.get("cookie"), new URL(req.url).searchParams));
}
