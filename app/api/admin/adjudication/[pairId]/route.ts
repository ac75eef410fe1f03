import { NextResponse } from "next/server";
import { z } from "zod";
import { adjudicate, requestExtraRater } from "@/lib/results/store";
import { db } from "@/lib/platform/db";
import { type OkAnswer } from "@/lib/platform/http";
import { idParam, parseBody, withRole } from "@/lib/platform/next";

const input = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("decide"),
    label: z.enum(["A", "B", "NEITHER"]),
    note: z.string().max(2000).optional(),
  }),
  z.object({ action: z.literal("extra-rater") }),
]);

export const POST = withRole(
  "ADMIN",
  { params: z.object({ pairId: idParam }) },
  async (req, { user, params: { pairId } }) => {
    const body = await parseBody(req, input);
    if (body.action === "decide") await adjudicate(db(), pairId, body.label, body.note ?? null, user.id);
    else await requestExtraRater(db(), pairId, user.id);
    return NextResponse.json({ ok: true } satisfies OkAnswer);
  },
);
