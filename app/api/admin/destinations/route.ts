import { NextResponse } from "next/server";
import { db } from "@/lib/db/infra/client";
import { listDestinations } from "@/lib/db/accounts/admin";
import { withRole } from "@/lib/server/api";

export const GET = withRole("ADMIN", async () => NextResponse.json({ destinations: await listDestinations(db()) }));
