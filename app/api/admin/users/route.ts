import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { listUsers, createExpert } from "@/lib/accounts/store";
import { INVITED_ROLES } from "@/lib/accounts";
import { inviteUrl, type ExpertCreatedAnswer } from "@/lib/platform/http";
import { parseBody, withRole } from "@/lib/platform/next";

export const GET = withRole("ADMIN", async () => NextResponse.json({ users: await listUsers(db()) }));

const createInput = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address.").max(320),
  name: z.string().trim().min(1, "Enter a name.").max(120),
  role: z.enum(INVITED_ROLES, { message: 'expected "EXPERT" or "REVIEWER"' }).default("EXPERT"),
});

export const POST = withRole("ADMIN", async (req, { user }) => {
  const input = await parseBody(req, createInput);
  const { userId, token } = await createExpert(db(), input, user.id);
  return NextResponse.json({ userId, inviteUrl: inviteUrl(req, token) } satisfies ExpertCreatedAnswer, { status: 201 });
});
