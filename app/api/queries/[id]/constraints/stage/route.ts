import { NextResponse } from "next/server";
import { z } from "zod";
import { DSL_STAGES } from "@/lib/dsl/annotations";
import { db } from "@/lib/db/infra/client";
import { setDslStage } from "@/lib/db/datasets/dsl";
import { idParams, parseBody, withRole } from "@/lib/server/api";

/** Admins verify or finalize the latest version (experts get 403 from lib/permissions.ts; a stale version 409 with `latest`). */
export const POST = withRole("ANY", { params: idParams }, async (req, { user, params: { id } }) => {
  const body = await parseBody(req, z.object({ versionId: z.string().min(1).max(100), stage: z.enum(DSL_STAGES) }));
  return NextResponse.json(await setDslStage(db(), id, body, user), { status: 201 });
});
