import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { updateDataset } from "@/lib/judging/store";
import { dimensionSetSchema } from "@/lib/results/dimensions";
import { CORRECTORS } from "@/lib/accounts";
import { type OkAnswer } from "@/lib/platform/http";
import { idParams, parseBody, withRole } from "@/lib/platform/next";

const input = z.object({
  requiredRaters: z.number().int().min(1).max(10).optional(),
  showDiagnostics: z.boolean().optional(),
  /** Before the dataset's first judgment only (409 after). */
  preferenceStrength: z.boolean().optional(),
  /** The dimensions experts answer per pair (null or []: none); before the dataset's first judgment only (409 after). */
  dimensions: dimensionSetSchema.nullable().optional(),
  /** Plan corrections (lib/corrections): who may correct, offered after a verdict, and the votes that verify one. */
  correctors: z.enum(CORRECTORS).optional(),
  correctAfterVerdict: z.boolean().optional(),
  correctionVotes: z.enum(["two_of_two", "two_of_three"]).optional(),
});

export const PATCH = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  await updateDataset(db(), id, await parseBody(req, input), user.id);
  return NextResponse.json({ ok: true } satisfies OkAnswer);
});
