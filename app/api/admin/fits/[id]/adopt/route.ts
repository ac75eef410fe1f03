import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { adoptFit } from "@/lib/db/fits";
import { withRole } from "@/lib/server/api";

/** Makes a finished fit's weights the ones the app uses for rewards and exports (recorded, reversible). */
export const POST = withRole("ADMIN", async (_req, { user, params }: { user: { id: string }; params: Promise<{ id: string }> }) => {
  const id = z.string().min(1).max(100).parse((await params).id);
  return NextResponse.json(await adoptFit(db(), id, user.id));
});
