import { NextResponse } from "next/server";
import { db } from "@/lib/db/infra/client";
import { assignmentOverview } from "@/lib/db/judging/assignment-overview";
import { getSettings } from "@/lib/db/judging/settings";
import { adminFigures, withRole } from "@/lib/server/api";

/** Progress per dataset and destination, live claims, settings (shared by reloads for a few seconds: adminFigures). */
export const GET = withRole("ADMIN", async () =>
  NextResponse.json(
    await adminFigures("overview", async () => ({
      ...(await assignmentOverview(db())),
      settings: await getSettings(db()),
    })),
  ),
);
