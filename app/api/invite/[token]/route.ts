import { NextResponse } from "next/server";
import { z } from "zod";
import { invitePasswordInput } from "@/lib/accounts";
import { db } from "@/lib/platform/db";
import { acceptInvite } from "@/lib/accounts/store";
import { answerFor } from "@/lib/platform/http";
import { crossSiteGuard, jsonError, parseBody } from "@/lib/platform/next";

const token = z.string().min(1).max(200);

/**
 * POST /api/invite/<token> {"password", "confirm"}: the invite page's form for other clients. Sets the
 * password once (the link is spent), as the page does; no session is needed, the token is the credential.
 */
export async function POST(req: Request, ctx: { params: Promise<{ token: string }> }) {
  const refused = crossSiteGuard(req);
  if (refused) return refused;
  try {
    const t = token.safeParse((await ctx.params).token);
    if (!t.success) return jsonError("not_found", "This invite link is not valid.");
    const body = await parseBody(req, invitePasswordInput, 16 * 1024);
    await acceptInvite(db(), t.data, body.password);
    return NextResponse.json({ ok: true });
  } catch (e) {
    const a = answerFor(e);
    return new Response(a.body, { status: a.status, headers: { "content-type": "application/json" } });
  }
}
