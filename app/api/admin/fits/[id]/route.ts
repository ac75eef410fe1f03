import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { getFit } from "@/lib/db/fits";
import { UserError } from "@/lib/db/users";
import { withRole } from "@/lib/server/api";

export const GET = withRole("ADMIN", async (_req, { params }: { params: Promise<{ id: string }> }) => {
  const id = z.string().min(1).max(100).parse((await params).id);
  const fit = await getFit(db(), id);
  if (!fit) throw new UserError("There is no such fit.", 404);
  return NextResponse.json(fit);
});
