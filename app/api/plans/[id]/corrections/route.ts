import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { correctionInput, saveCorrection } from "@/lib/corrections/store";
import { idParams, parseBody, withRole } from "@/lib/platform/next";

/**
 * Saves a correction of the plan: 201 with the stored correction (200 when this clientRequestId was saved before);
 * 422 `correction_regressed` with `regressions` when it breaks a check the plan passed; 403 when the asker may not
 * correct this plan (the dataset's setting, their destinations and standing, a pair with it they still hold).
 */
export const POST = withRole("ANY", { params: idParams }, async (req, { user, params: { id } }) => {
  const body = await parseBody(req, correctionInput, 1024 * 1024);
  const r = await saveCorrection(db(), id, body, user);
  return NextResponse.json(r, { status: r.created ? 201 : 200 });
});
