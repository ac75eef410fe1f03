import { NextResponse } from "next/server";
import { db } from "@/lib/db/client";
import { listDestinations } from "@/lib/db/admin";
import { withRole } from "@/lib/server/api";

export const GET = withRole("ADMIN", async () => NextResponse.json({ destinations: await listDestinations(db()) }));
