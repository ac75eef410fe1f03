import { crossSiteGuard, readText, respond } from "@/lib/server/api";
import { answerFor } from "@/lib/server/answers";
import { SUBMIT_MAX_BYTES, submitCall } from "@/lib/server/judging-api";

/** Submits a judgment (lib/server/judging-api.ts; also served by the fast path in scripts/serve.ts). */
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const refused = crossSiteGuard(req);
  if (refused) return refused;
  let body: string;
  try {
    body = await readText(req, SUBMIT_MAX_BYTES);
  } catch (e) {
    return respond(answerFor(e));
  }
  return respond(await submitCall(req.headers.get("cookie"), (await params).id, body, req.headers.get("content-type")));
}
