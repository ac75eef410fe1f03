import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/infra/client";
import { importJudgeVerdicts } from "@/lib/db/results/alignment";
import { offload } from "@/lib/offload";
import { API_BODY_CAP } from "@/lib/server/guards";
import { adminFigures, parseBody, withRole } from "@/lib/server/api";

/** The judge alignment board (TripScore Table 7) over complete pairs, optionally of one dataset; computed off the event loop. */
export const GET = withRole("ADMIN", async (req) => {
  const { dataset } = z
    .object({ dataset: z.string().min(1).max(64).optional() })
    .parse(Object.fromEntries(new URL(req.url).searchParams));
  return NextResponse.json(
    await adminFigures(
      `judges:${dataset ?? ""}`,
      (progress) => offload("judges", { datasetId: dataset ?? null, progress }),
      "heavy",
    ),
  );
});

/** Uploads a JSONL file of automatic judges' verdicts: all or nothing, the same file twice is one import. */
export const POST = withRole("ADMIN", async (req, { user }) => {
  const { name, jsonl } = await parseBody(
    req,
    z.object({ name: z.string().trim().min(1).max(200), jsonl: z.string().min(1) }),
    API_BODY_CAP,
  );
  const r = await importJudgeVerdicts(db(), jsonl, name, user.id);
  return NextResponse.json(r, { status: r.created ? 201 : 200 });
});
