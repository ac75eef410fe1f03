import { NextResponse } from "next/server";
import { db } from "@/lib/db/infra/client";
import { waitingPairsByDestination } from "@/lib/db/judging/waiting";
import { withRole } from "@/lib/server/api";

export const GET = withRole("EXPERT", async (_req, { user }) =>
  NextResponse.json({ destinations: await waitingPairsByDestination(db(), user.id) }),
);
