import { answerWithBody } from "@/lib/platform/next";
import { SUBMIT_MAX_BYTES, submitCall } from "@/lib/judging/http";

/** Submits a judgment (lib/judging/http/judging-api.ts; also served by the fast path in scripts/serve.ts). */
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return answerWithBody(req, SUBMIT_MAX_BYTES, (body) =>
    submitCall(req.headers.get("cookie"), id, body, req.headers.get("content-type")),
  );
}
