import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { listDestinations } from "@/lib/accounts/store";
import { withRole } from "@/lib/platform/next";

export const GET = withRole("ADMIN", async () => NextResponse.json({ destinations: await listDestinations(db()) }));
