import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { waitingPairsByDestination } from "@/lib/judging/store";
import { withRole } from "@/lib/platform/next";

export const GET = withRole("EXPERT", async (_req, { user }) =>
  NextResponse.json({ destinations: await waitingPairsByDestination(db(), user.id) }),
);
