import { NextResponse } from "next/server";
import { type FiguresForgottenAnswer } from "@/lib/platform/http";
import { withRole } from "@/lib/platform/next";

/**
 * "Recompute" on the admin pages whose figures are shared or stored for a while (lib/platform/http/admin-figures.ts): an
 * admin's POST forgets every one of them (withRole does that for any change an admin makes), so the next read
 * computes afresh. Nothing else changes, and nothing is read from the body.
 */
export const POST = withRole("ADMIN", async () =>
  NextResponse.json({ forgotten: true } satisfies FiguresForgottenAnswer),
);
