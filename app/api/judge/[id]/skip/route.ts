import { answerWithBody } from "@/lib/platform/next";
import { skipCall } from "@/lib/judging/http";

/** Skips a pair (lib/judging/http/judging-api.ts): one database round trip that also checks the session, as submit. */
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return answerWithBody(req, 64 * 1024, (body) =>
    skipCall(req.headers.get("cookie"), id, body, req.headers.get("content-type")),
  );
}
