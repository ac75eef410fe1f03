import { useTranslations } from "next-intl";
import type { Item } from "@/lib/datasets/browser";

/** Small line icons (no emoji font needed): train, columns, fork and knife, bed, ticket. */
const PATHS: Record<Item["kind"], string> = {
  transport:
    "M4 2h8a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm-1 5h10M5 10h.01M11 10h.01M5 13l-2 2m8-2 2 2",
  attraction: "M2 6 8 2l6 4M3 6h10M4 6v6m3-6v6m2-6v6m3-6v6M2 14h12M2 12h12",
  meal: "M4 2v5a2 2 0 0 0 2 2V14M6 2v4M8 2v5a2 2 0 0 1-2 2m6-7c-1.5 0-2 2-2 4s.5 3 2 3v5",
  hotel: "M1 13V4m0 5h14v4M15 9a3 3 0 0 0-3-3H7v3M4 8a1.5 1.5 0 1 0 0-.01",
  event: "M2 5a1 1 0 0 0 1-1h10a1 1 0 0 0 1 1v1a2 2 0 0 0 0 4v1a1 1 0 0 0-1 1H3a1 1 0 0 0-1-1v-1a2 2 0 0 0 0-4zm7-1v8",
};

export function KindIcon({ kind }: { kind: Item["kind"] }) {
  const t = useTranslations("Plan.kinds");
  return (
    <svg
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      role="img"
      aria-label={t(kind)}
    >
      <title>{t(kind)}</title>
      <path d={PATHS[kind]} />
    </svg>
  );
}
