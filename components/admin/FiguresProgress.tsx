"use client";
/**
 * While a heavy page's figures are computed (in an admin process, decision 017), where the computation is: its
 * stage, the rows read so far and the time since it began, read every second from GET /api/admin/figures/progress.
 * A first computation over a large history takes minutes while experts judge (the admin process gives way to
 * them), so the page says what it is doing rather than "Loading…".
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { FiguresProgressAnswer } from "@/lib/platform/browser";
import { api } from "../api";
import { useFormat } from "../format";

type Page = "quality" | "judges" | "leaderboard" | "dimensions";
const SHOW_AFTER_MS = 400;

function elapsed(fromIso: string, now: number, t: ReturnType<typeof useTranslations<"Admin.figuresProgress">>): string {
  const s = Math.max(0, Math.round((now - new Date(fromIso).getTime()) / 1000));
  return s < 60 ? t("seconds", { s: String(s) }) : t("minutes", { m: String(Math.floor(s / 60)), s: String(s % 60) });
}

export function FiguresProgress({ page }: { page: Page }) {
  const t = useTranslations("Admin.figuresProgress");
  const { count } = useFormat();
  const q = useQuery({
    queryKey: ["figures-progress", page],
    queryFn: () => api<FiguresProgressAnswer>(`/api/admin/figures/progress?page=${page}`),
    refetchInterval: 1000,
    gcTime: 0,
  });
  // The clock moves between reads too; nothing shows for a read that answers at once (stored figures take ms).
  const [mounted] = useState(() => Date.now());
  const [now, setNow] = useState(mounted);
  useEffect(() => {
    const first = setTimeout(() => setNow(Date.now()), SHOW_AFTER_MS);
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearTimeout(first);
      clearInterval(t);
    };
  }, []);
  if (now - mounted < SHOW_AFTER_MS) return null;
  const p = q.data?.progress;
  return (
    <div className="stack figures-progress" role="status" data-testid="figures-progress">
      <div className="progress">
        <div className="bar indeterminate" />
        <span>{p ? t("computingStage", { stage: p.stage }) : t("computing")}</span>
      </div>
      <p className="muted small">
        {p
          ? `${p.done !== null ? t("read", { rows: count(p.done) }) : ""}${t("soFar", { time: elapsed(p.startedAt, now, t) })}`
          : ""}
        {t("note")}
      </p>
    </div>
  );
}
