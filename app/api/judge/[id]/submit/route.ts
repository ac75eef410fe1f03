import { respond } from "@/lib/server/api";
import { answerFor, bodyTooLarge } from "@/lib/server/answers";
import { SUBMIT_MAX_BYTES, submitCall } from "@/lib/server/judging-api";

/** Submits a judgment (lib/server/judging-api.ts; also served by the fast path in scripts/serve.ts). */
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  if (Number(req.headers.get("content-length") ?? 0) > SUBMIT_MAX_BYTES) return respond(answerFor(bodyTooLarge(SUBMIT_MAX_BYTES)));
  return respond(await submitCall(req.headers.get("cookie"), (await params).id, await req.text()));
}
