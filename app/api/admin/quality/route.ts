import { NextResponse } from "next/server";
import { db } from "@/lib/db/client";
import { qualityReport } from "@/lib/db/quality";
import { withRole } from "@/lib/server/api";

/** Experts' standing, qualification and gold results, reliability models and anomaly flags; gold pairs by kind. Not cached: a resume shows at once. */
export const GET = withRole("ADMIN", async () => NextResponse.json(await qualityReport(db())));
