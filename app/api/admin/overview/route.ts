import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { assignmentOverview, getSettings } from "@/lib/judging/store";
import { adminFigures } from "@/lib/platform/http";
import { withRole } from "@/lib/platform/next";

/** Progress per dataset and destination, live claims, settings (shared by reloads for a few seconds: adminFigures). */
export const GET = withRole("ADMIN", async () =>
  NextResponse.json(
    await adminFigures("overview", async () => ({
      ...(await assignmentOverview(db())),
      settings: await getSettings(db()),
    })),
  ),
);
