import { NextResponse } from "next/server";
import { z } from "zod";
import { expertPairKappas, expertTable, groupBy, groupStats, judgmentsPerDay, slotConfusion } from "@/lib/agreement/report";
import { judgmentDays, ratedPairs, skipsByExpert } from "@/lib/db/analytics";
import { db } from "@/lib/db/client";
import { withRole } from "@/lib/server/api";

/** Agreement overall, per destination and per dataset (bootstrap 95 % intervals), confusion per slot pair, experts. */
export const GET = withRole("ADMIN", async (req) => {
  const { minShared } = z.object({ minShared: z.coerce.number().int().min(1).max(10_000).default(5) }).parse(Object.fromEntries(new URL(req.url).searchParams));
  const pairs = await ratedPairs(db());
  const skips = await skipsByExpert(db());
  const groups = (key: (p: (typeof pairs)[number]) => string) => Object.fromEntries([...groupBy(pairs, key)].map(([k, v]) => [k, groupStats(v)]));
  return NextResponse.json({
    overall: groupStats(pairs),
    byDestination: groups((p) => p.destination),
    byDataset: groups((p) => p.dataset),
    confusion: slotConfusion(pairs),
    experts: expertTable(pairs, minShared).map((e) => ({ ...e, skips: skips.get(e.expert) ?? 0 })),
    expertPairs: expertPairKappas(pairs, minShared),
    minShared,
    progress: judgmentsPerDay(await judgmentDays(db())),
  });
});
