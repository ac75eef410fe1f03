import { NextResponse } from "next/server";
import { z } from "zod";
import { constraintsSchema } from "@/lib/constraints";
import { db } from "@/lib/platform/db";
import { dslEditorData, saveDslVersion } from "@/lib/constraints/store";
import { idParams, parseBody, withRole } from "@/lib/platform/next";

/** The editor's data: request, versions, plans (ChinaTravel shape, no model names) and POI table. */
export const GET = withRole("ANY", { params: idParams }, async (_req, { user, params: { id } }) =>
  NextResponse.json(await dslEditorData(db(), id, user)),
);

const saveSchema = z.object({
  parentId: z.string().max(100).nullable(),
  constraints: constraintsSchema,
  note: z.string().max(500).optional(),
});

/** Saves a new version on top of `parentId`; 409 (code "conflict") with the newer version as `latest` when someone saved first. */
export const POST = withRole("ANY", { params: idParams }, async (req, { user, params: { id } }) => {
  const body = await parseBody(req, saveSchema, 2 * 1024 * 1024);
  const r = await saveDslVersion(db(), id, body, user);
  return NextResponse.json(r, { status: r.duplicate ? 200 : 201 });
});
