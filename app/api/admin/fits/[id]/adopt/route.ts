import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { adoptFit } from "@/lib/results/store";
import { idParams, withRole } from "@/lib/platform/next";

/** Makes a finished fit's weights the ones the app uses for rewards and exports (recorded, reversible). */
export const POST = withRole("ADMIN", { params: idParams }, async (_req, { user, params: { id } }) => {
  return NextResponse.json(await adoptFit(db(), id, user.id));
});
