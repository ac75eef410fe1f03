import { NextResponse } from "next/server";
import { adjudicationQueue } from "@/lib/db/analytics";
import { db } from "@/lib/db/client";
import { withRole } from "@/lib/server/api";

export const GET = withRole("ADMIN", async () => NextResponse.json({ pairs: await adjudicationQueue(db()) }));
