import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { deleteJudgeImport } from "@/lib/results/store";
import { type VerdictsRemovedAnswer } from "@/lib/platform/http";
import { idParams, parseBody, withRole } from "@/lib/platform/next";

/**
 * Removes one uploaded file of judge verdicts (and its verdicts). A file a dataset's escalation uses is refused (409,
 * the datasets in `escalations`) unless the body confirms it, `{"confirm": true}`: those escalations then give their
 * decided pairs back to the experts and recalibrate without its verdicts.
 */
export const DELETE = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  // No body (or no JSON type) is no confirmation; a body says so in JSON, as removing an expert's judgments does.
  const { confirm } = req.headers.get("content-type")
    ? await parseBody(req, z.strictObject({ confirm: z.boolean().default(false) }))
    : { confirm: false };
  const { escalations } = await deleteJudgeImport(db(), id, user.id, { confirm });
  return NextResponse.json({
    id,
    deleted: true,
    recalibrated: escalations.map((e) => e.datasetId),
  } satisfies VerdictsRemovedAnswer);
});
