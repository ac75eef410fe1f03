import { NextResponse } from "next/server";
import { db } from "@/lib/db/infra/client";
import { getFit } from "@/lib/db/results/fits";
import { AppError } from "@/lib/errors";
import { idParams, withRole } from "@/lib/server/api";

export const GET = withRole("ADMIN", { params: idParams }, async (_req, { params: { id } }) => {
  const fit = await getFit(db(), id);
  if (!fit) throw new AppError("not_found", "There is no such fit.");
  return NextResponse.json(fit);
});
