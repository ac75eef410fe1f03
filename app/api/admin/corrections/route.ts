import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { goldCorrectionsReport, correctorsReport } from "@/lib/corrections/store";
import { withRole } from "@/lib/platform/next";

/**
 * Each corrector's corrections and their blind verification (verified, rejected, pending, verified share), and
 * per defect kind how corrections of gold pairs' altered plans went (undone, fixed another way, left).
 */
export const GET = withRole("ADMIN", async () => {
  const [correctors, gold] = await Promise.all([correctorsReport(db()), goldCorrectionsReport(db())]);
  return NextResponse.json({ correctors, gold });
});
