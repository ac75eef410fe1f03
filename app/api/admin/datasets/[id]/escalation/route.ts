import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { escalationStatus, setEscalation } from "@/lib/results/store";
import { escalationSettings } from "@/lib/results/escalation";
import { idParams, parseBody, withRole } from "@/lib/platform/next";

/** The dataset's guaranteed escalation: its settings, the last step (thresholds, audit, pause) and the decisions. */
export const GET = withRole("ADMIN", { params: idParams }, async (_req, { params: { id } }) =>
  NextResponse.json(await escalationStatus(db(), id)),
);

/**
 * Turns escalation on or changes it (settings: a fresh calibration sample, decisions so far back to the experts),
 * or off (`{"settings": null}`).
 */
export const PUT = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  const { settings } = await parseBody(req, z.strictObject({ settings: escalationSettings.nullable() }));
  return NextResponse.json(await setEscalation(db(), id, settings, user.id));
});
