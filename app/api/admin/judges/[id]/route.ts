import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { deleteJudgeImport } from "@/lib/results/store";
import { type VerdictsRemovedAnswer } from "@/lib/platform/http";
import { idParams, withRole } from "@/lib/platform/next";

/** Removes one uploaded file of judge verdicts (and its verdicts). */
export const DELETE = withRole("ADMIN", { params: idParams }, async (_req, { user, params: { id } }) => {
  await deleteJudgeImport(db(), id, user.id);
  return NextResponse.json({ id, deleted: true } satisfies VerdictsRemovedAnswer);
});
