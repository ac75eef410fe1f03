"use client";
/** Copies the page's address (its filter, sort and columns) for sharing. */
import { useTranslations } from "next-intl";
import { useState } from "react";

export function CopyLink() {
  const t = useTranslations("Pairs.copy");
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  return (
    <button
      type="button"
      className="btn small"
      onClick={() =>
        navigator.clipboard.writeText(window.location.href).then(
          () => setCopied("yes"),
          () => setCopied("no"),
        )
      }
    >
      {t(copied === "yes" ? "copied" : copied === "no" ? "manual" : "copy")}
    </button>
  );
}
