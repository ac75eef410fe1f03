import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/infra/client";
import { makeGoldPairs } from "@/lib/db/quality/gold";
import { DEFECT_KINDS } from "@/lib/gold";
import { parseBody, withRole } from "@/lib/server/api";

const input = z.strictObject({
  datasetId: z.string().min(1).max(64),
  /** Only requests of this destination. */
  destinationId: z.string().min(1).max(64).optional(),
  /** Feasible plans tried (a seeded sample), each carrying one defect kind in rotation. */
  plans: z.number().int().min(1).max(2000).default(200),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1),
  kinds: z.array(z.enum(DEFECT_KINDS)).min(1).optional(),
});

/** Makes gold pairs from a dataset's feasible plans; the same request again adds only what is new. */
export const POST = withRole("ADMIN", async (req, { user }) => {
  const body = await parseBody(req, input);
  const r = await makeGoldPairs(db(), body.datasetId, body, user.id);
  return NextResponse.json(r, { status: r.made ? 201 : 200 });
});
