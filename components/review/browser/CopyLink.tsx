"use client";
/** Copies the page's address (its filter, sort and columns) for sharing. */
import { useState } from "react";

export function CopyLink() {
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
      {copied === "yes" ? "Link copied" : copied === "no" ? "Copy the address bar's link" : "Copy link"}
    </button>
  );
}
