import { NextResponse } from "next/server";
import { db } from "@/lib/db/client";
import { assignmentOverview } from "@/lib/db/progress";
import { getSettings } from "@/lib/db/settings";
import { withRole } from "@/lib/server/api";

export const GET = withRole("ADMIN", async () => NextResponse.json({ ...(await assignmentOverview(db())), settings: await getSettings(db()) }));
