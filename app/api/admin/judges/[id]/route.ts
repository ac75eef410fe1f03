import { NextResponse } from "next/server";
import { db } from "@/lib/db/infra/client";
import { deleteJudgeImport } from "@/lib/db/results/alignment";
import { idParams, withRole } from "@/lib/server/api";
import type { VerdictsRemovedAnswer } from "@/lib/server/responses";

/** Removes one uploaded file of judge verdicts (and its verdicts). */
export const DELETE = withRole("ADMIN", { params: idParams }, async (_req, { user, params: { id } }) => {
  await deleteJudgeImport(db(), id, user.id);
  return NextResponse.json({ id, deleted: true } satisfies VerdictsRemovedAnswer);
});
