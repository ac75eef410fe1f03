import { answerWithBody } from "@/lib/server/api";
import { SUBMIT_MAX_BYTES, submitCall } from "@/lib/server/judging-api";

/** Submits a judgment (lib/server/judging-api.ts; also served by the fast path in scripts/serve.ts). */
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return answerWithBody(req, SUBMIT_MAX_BYTES, (body) =>
    submitCall(req.headers.get("cookie"), id, body, req.headers.get("content-type")),
  );
}
