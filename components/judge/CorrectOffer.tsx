"use client";
/**
 * After a verdict (never before: blindness), a quiet bar offering to correct the plans of the pair just judged,
 * A and B as the expert saw them. It looks the same after every submitted pair, gold or real, and asks the server
 * nothing until a link is used (GET /api/judge/pairs/ID/correctable): a bar shown or hidden by the server's answer
 * would tell the expert afterwards which pairs were gold. Shown to experts in good standing only (correcting needs
 * it; the standing is the expert's, not the pair's). A gold pair's plans open as a real pair's do (its
 * flawed copy's correction is kept apart on the server: lib/corrections/store/gold-corrections.ts). No keys: the judging
 * keyboard is unchanged.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "../api";
import { useErrorText } from "../i18n";
import { KEYS } from "../keys";

/** "Correct plan A · plan B" for a judged pair: asks the server for its plans when a link is used, then opens one. */
export function CorrectLinks({ pairId }: { pairId: string }) {
  const qc = useQueryClient();
  const router = useRouter();
  const t = useTranslations("Judge.correct");
  const errorText = useErrorText();
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async (side: "left" | "right") => {
    setBusy(true);
    setNote(null);
    try {
      const plans = await qc.fetchQuery({
        queryKey: [...KEYS.judge, "correctable", pairId],
        queryFn: () => api<{ left: string; right: string }>(`/api/judge/pairs/${pairId}/correctable`),
        staleTime: Infinity,
        retry: false,
      });
      router.push(`/plans/${plans[side]}/correct`);
    } catch (e) {
      // The server's reason (the dataset's settings, the expert's standing): the same for a gold pair as for a real
      // one, so nothing to tell pairs apart by.
      setNote(errorText(e) || t("cannot"));
      setBusy(false);
    }
  };
  return (
    <span className="correct-links">
      <button type="button" className="link" onClick={() => void open("left")} disabled={busy}>
        {t("a")}
      </button>
      <span className="muted" aria-hidden>
        ·
      </span>
      <button type="button" className="link" onClick={() => void open("right")} disabled={busy}>
        {t("b")}
      </button>
      {note && <span className="muted">{note}</span>}
    </span>
  );
}

export function CorrectOffer({ pairId, onDismiss }: { pairId: string; onDismiss: () => void }) {
  const t = useTranslations("Judge.correct");
  return (
    <p className="correct-offer" data-testid="correct-offer">
      <span className="muted">{t("justJudged")}</span>
      <CorrectLinks pairId={pairId} />
      <button type="button" className="link small" onClick={onDismiss} aria-label={t("hide")}>
        ✕
      </button>
    </p>
  );
}
