import { answerWithBody } from "@/lib/server/api";
import { skipCall } from "@/lib/server/judging-api";

/** Skips a pair (lib/server/judging-api.ts): one database round trip that also checks the session, as submit. */
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return answerWithBody(req, 64 * 1024, (body) =>
    skipCall(req.headers.get("cookie"), id, body, req.headers.get("content-type")),
  );
}
