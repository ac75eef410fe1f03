import { NextResponse } from "next/server";
import { db } from "@/lib/db/client";
import { deleteJudgeImport } from "@/lib/db/alignment";
import { idParams, withRole } from "@/lib/server/api";

/** Removes one uploaded file of judge verdicts (and its verdicts). */
export const DELETE = withRole("ADMIN", { params: idParams }, async (_req, { user, params: { id } }) => {
  await deleteJudgeImport(db(), id, user.id);
  return NextResponse.json({ id, deleted: true });
});
