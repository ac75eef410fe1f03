import { NextResponse } from "next/server";
import { db } from "@/lib/db/infra/client";
import { correctorsReport } from "@/lib/db/corrections/quality";
import { withRole } from "@/lib/server/api";

/** Each corrector's corrections and their blind verification: verified, rejected, pending, verified share. */
export const GET = withRole("ADMIN", async () => NextResponse.json({ correctors: await correctorsReport(db()) }));
