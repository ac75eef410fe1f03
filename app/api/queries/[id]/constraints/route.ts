import { NextResponse } from "next/server";
import { z } from "zod";
import { constraintsSchema } from "@/lib/dsl/annotations";
import { db } from "@/lib/db/client";
import { dslEditorData, saveDslVersion, StaleVersion } from "@/lib/db/dsl";
import { parseBody, withRole } from "@/lib/server/api";

type Ctx = { user: Parameters<typeof dslEditorData>[2]; params: Promise<{ id: string }> };
const id = z.string().min(1).max(100);

/** The editor's data: request, versions, plans (ChinaTravel shape, no model names) and POI table. */
export const GET = withRole("ANY", async (_req, { user, params }: Ctx) => NextResponse.json(await dslEditorData(db(), id.parse((await params).id), user)));

const saveSchema = z.object({ parentId: z.string().max(100).nullable(), constraints: constraintsSchema, note: z.string().max(500).optional() });

/** Saves a new version on top of `parentId`; 409 with the newer version when someone saved first. */
export const POST = withRole("ANY", async (req, { user, params }: Ctx) => {
  const body = await parseBody(req, saveSchema, 2 * 1024 * 1024);
  try {
    const r = await saveDslVersion(db(), id.parse((await params).id), body, user);
    return NextResponse.json(r, { status: r.duplicate ? 200 : 201 });
  } catch (e) {
    if (e instanceof StaleVersion) return NextResponse.json({ error: e.message, latest: e.latest }, { status: 409 });
    throw e;
  }
});
