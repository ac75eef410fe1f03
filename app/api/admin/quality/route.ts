import { NextResponse } from "next/server";
import { offload } from "@/lib/platform/offload";
import { adminFigures } from "@/lib/platform/http";
import { withRole } from "@/lib/platform/next";

/**
 * Experts' standing, qualification and gold results, reliability models and anomaly flags; gold pairs by kind.
 * Computed off the event loop (decision 017); reloads share one computation, and any admin change (a resume)
 * forgets it, so its effect shows at once.
 */
export const GET = withRole("ADMIN", async () =>
  NextResponse.json(await adminFigures("quality", (progress) => offload("quality", { progress }), "heavy")),
);
