import { NextResponse } from "next/server";
import { positionBias } from "@/lib/agreement/position";
import { sideVerdicts } from "@/lib/db/analytics";
import { db } from "@/lib/db/client";
import { adminFigures, withRole } from "@/lib/server/api";

/** Position bias overall and per expert (its own call: it reads every judgment, the agreement figures do not). */
export const GET = withRole("ADMIN", async () => NextResponse.json(await adminFigures("position", async () => positionBias(await sideVerdicts(db())))));
