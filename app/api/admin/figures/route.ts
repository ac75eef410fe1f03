import { NextResponse } from "next/server";
import { withRole } from "@/lib/server/api";
import type { FiguresForgottenAnswer } from "@/lib/server/responses";

/**
 * "Recompute" on the admin pages whose figures are shared or stored for a while (lib/server/api.ts adminFigures): an
 * admin's POST forgets every one of them (withRole does that for any change an admin makes), so the next read
 * computes afresh. Nothing else changes, and nothing is read from the body.
 */
export const POST = withRole("ADMIN", async () =>
  NextResponse.json({ forgotten: true } satisfies FiguresForgottenAnswer),
);
