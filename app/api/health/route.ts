import { NextResponse } from "next/server";
import { db } from "@/lib/db/client";

export const dynamic = "force-dynamic";

/** App and database status; 503 when the database cannot be reached. */
export async function GET() {
  const started = Date.now();
  try {
    await db().$queryRaw`SELECT 1`;
    return NextResponse.json({ status: "ok", app: "ok", database: { status: "ok", latencyMs: Date.now() - started } });
  } catch (e) {
    const message = e instanceof Error ? e.message.split("\n")[0] : String(e);
    return NextResponse.json({ status: "degraded", app: "ok", database: { status: "unreachable", error: message } }, { status: 503 });
  }
}
