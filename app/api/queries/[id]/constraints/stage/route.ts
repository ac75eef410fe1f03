import { NextResponse } from "next/server";
import { z } from "zod";
import { DSL_STAGES } from "@/lib/dsl/annotations";
import { db } from "@/lib/db/client";
import { setDslStage, StaleVersion } from "@/lib/db/dsl";
import { parseBody, withRole } from "@/lib/server/api";

/** Admins verify or finalize the latest version (experts get 403 from the rules in lib/). */
export const POST = withRole("ANY", async (req, { user, params }: { user: Parameters<typeof setDslStage>[3]; params: Promise<{ id: string }> }) => {
  const body = await parseBody(req, z.object({ versionId: z.string().min(1).max(100), stage: z.enum(DSL_STAGES) }));
  try {
    return NextResponse.json(await setDslStage(db(), z.string().min(1).max(100).parse((await params).id), body, user), { status: 201 });
  } catch (e) {
    if (e instanceof StaleVersion) return NextResponse.json({ error: e.message, latest: e.latest }, { status: 409 });
    throw e;
  }
});
