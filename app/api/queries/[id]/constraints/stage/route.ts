import { NextResponse } from "next/server";
import { z } from "zod";
import { DSL_STAGES } from "@/lib/constraints";
import { db } from "@/lib/platform/db";
import { setDslStage } from "@/lib/constraints/store";
import { idParams, parseBody, withRole } from "@/lib/platform/next";

/** Admins verify or finalize the latest version (experts get 403 from lib/accounts/permissions.ts; a stale version 409 with `latest`). */
export const POST = withRole("ANY", { params: idParams }, async (req, { user, params: { id } }) => {
  const body = await parseBody(req, z.object({ versionId: z.string().min(1).max(100), stage: z.enum(DSL_STAGES) }));
  return NextResponse.json(await setDslStage(db(), id, body, user), { status: 201 });
});
