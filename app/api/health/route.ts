import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { databaseUnreachable } from "@/lib/platform/http";

export const dynamic = "force-dynamic";

/** App and database status; 503 when the database cannot be reached. */
export async function GET() {
  const started = Date.now();
  try {
    await db().$queryRaw`SELECT 1`;
    return NextResponse.json({ status: "ok", app: "ok", database: { status: "ok", latencyMs: Date.now() - started } });
  } catch (e) {
    // Prisma's messages can start with an empty line: say what happened, whatever the shape of the error.
    const message =
      databaseUnreachable(e) ??
      ((e instanceof Error ? e.message : String(e))
        .split("\n")
        .map((l) => l.trim())
        .find(Boolean) ||
        (e as { code?: string })?.code ||
        (e instanceof Error ? e.name : "unknown error"));
    return NextResponse.json(
      { status: "degraded", app: "ok", database: { status: "unreachable", error: message } },
      { status: 503, headers: { "retry-after": "5" } },
    );
  }
}
