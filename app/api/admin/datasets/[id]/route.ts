import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { setRequiredRaters } from "@/lib/db/progress";
import { UserError } from "@/lib/db/users";
import { parseBody, withRole } from "@/lib/server/api";

const input = z.object({ requiredRaters: z.number().int().min(1).max(10).optional(), showDiagnostics: z.boolean().optional() });

export const PATCH = withRole("ADMIN", async (req, { user, params }: { user: { id: string }; params: Promise<{ id: string }> }) => {
  const id = z.string().min(1).max(64).parse((await params).id);
  const body = await parseBody(req, input);
  if (!(await db().dataset.findUnique({ where: { id } }))) throw new UserError("No such dataset.", 404);
  if (body.requiredRaters !== undefined) await setRequiredRaters(db(), id, body.requiredRaters, user.id);
  if (body.showDiagnostics !== undefined) {
    await db().dataset.update({ where: { id }, data: { showDiagnostics: body.showDiagnostics } });
    await db().auditEvent.create({ data: { actorId: user.id, action: "dataset.diagnostics", targetType: "Dataset", targetId: id, data: { showDiagnostics: body.showDiagnostics } } });
  }
  return NextResponse.json({ ok: true });
});
