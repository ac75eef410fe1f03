import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { updateDataset } from "@/lib/db/progress";
import { idParams, parseBody, withRole } from "@/lib/server/api";

const input = z.object({
  requiredRaters: z.number().int().min(1).max(10).optional(),
  showDiagnostics: z.boolean().optional(),
});

export const PATCH = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  await updateDataset(db(), id, await parseBody(req, input), user.id);
  return NextResponse.json({ ok: true });
});
