import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { importJudgeVerdicts } from "@/lib/results/store";
import { offload } from "@/lib/platform/offload";
import { JUDGE_BODY_CAP, JUDGE_FILE_MAX_BYTES, adminFigures } from "@/lib/platform/http";
import { parseBody, withRole } from "@/lib/platform/next";
import { AppError } from "@/lib/kernel";
import { scopeProblem } from "@/lib/exports/store";

/** The judge alignment board (TripScore Table 7) over complete pairs, optionally of one dataset; computed off the event loop. */
export const GET = withRole("ADMIN", async (req) => {
  const { dataset } = z
    .object({ dataset: z.string().min(1).max(64).optional() })
    .parse(Object.fromEntries(new URL(req.url).searchParams));
  // A dataset that does not exist is a mistake to say, not an empty board (as the leaderboard and exports answer).
  const scope = await scopeProblem(db(), { datasetId: dataset ?? null });
  if (scope) throw new AppError("not_found", `No judge board: ${scope}.`);
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
    JUDGE_BODY_CAP,
  );
  const bytes = Buffer.byteLength(jsonl, "utf8");
  if (bytes > JUDGE_FILE_MAX_BYTES)
    throw new AppError(
      "too_large",
      `${name} is ${bytes.toLocaleString("en-US")} bytes: a verdict file may be up to ${JUDGE_FILE_MAX_BYTES.toLocaleString("en-US")} bytes (2 MiB). Split it into several files.`,
    );
  const r = await importJudgeVerdicts(db(), jsonl, name, user.id);
  return NextResponse.json(r, { status: r.created ? 201 : 200 });
});
