import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { submitJudgment } from "@/lib/db/judging";
import { getSettings } from "@/lib/db/settings";
import { parseBody, withSession } from "@/lib/server/api";

const input = z.object({
  choice: z.enum(["left", "right", "neither"]),
  rationale: z.string().max(10_000, "Keep the rationale under 10,000 characters."),
  timeOnTaskMs: z.number().int().min(0).max(7 * 24 * 3600_000),
  clientRequestId: z.string().min(8).max(100),
});

export const POST = withSession("EXPERT", async (req, { session, params }: { session: { userId: string; sessionVersion: number }; params: Promise<{ id: string }> }) => {
  const assignmentId = z.string().min(1).max(64).parse((await params).id);
  const body = await parseBody(req, input);
  const r = await submitJudgment(db(), session.userId, { assignmentId, ...body }, await getSettings(db()), session);
  return NextResponse.json(r, { status: r.duplicate ? 200 : 201 });
});
