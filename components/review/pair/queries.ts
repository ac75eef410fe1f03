/** The pair page's read: one TanStack Query hook, keyed from components/keys.ts (a reviewer's action invalidates KEYS.pair). */
import { useQuery } from "@tanstack/react-query";
import type { PairDetail } from "@/lib/review/browser";
import { api } from "../../api";
import { KEYS } from "../../keys";

/** A pair's page (GET /api/admin/pairs/<id>); `names` as the address gave it ("1": the experts by name). */
export function usePairDetail(id: string, names: string | null) {
  const q = names === null ? "" : `?names=${encodeURIComponent(names)}`;
  return useQuery({
    queryKey: [...KEYS.pair, id, names],
    queryFn: () => api<PairDetail>(`/api/admin/pairs/${encodeURIComponent(id)}${q}`),
    // Reading names is recorded: not again each time the window regains focus.
    refetchOnWindowFocus: names !== "1",
    retry: false,
  });
}
