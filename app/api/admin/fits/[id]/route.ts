import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { getFit } from "@/lib/results/store";
import { AppError } from "@/lib/kernel";
import { idParams, withRole } from "@/lib/platform/next";

export const GET = withRole("ADMIN", { params: idParams }, async (_req, { params: { id } }) => {
  const fit = await getFit(db(), id);
  if (!fit) throw new AppError("not_found", "There is no such fit.");
  return NextResponse.json(fit);
});
