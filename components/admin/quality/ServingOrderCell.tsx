"use client";
/**
 * A dataset's serving order in the quality page's gold table: as imported, balanced across planner pairs, or most
 * informative first with its exploration share (docs/serving-order.md). A change asks the worker to recompute the
 * dataset's priorities; the claim serves by them once it has.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { EXPLORATION_MAX, SERVING_ORDERS, type ServingOrder } from "@/lib/judging/browser";
import type { QualityAnswer } from "@/lib/platform/browser";
import { useErrorText } from "../../i18n";
import { useSetQualityOfDataset } from "../mutations";

type Dataset = QualityAnswer["gold"]["datasets"][number];

export function ServingOrderCell({ d }: { d: Dataset }) {
  const t = useTranslations("Quality.serving");
  const errorText = useErrorText();
  const set = useSetQualityOfDataset();
  const [order, setOrder] = useState<ServingOrder>(d.servingOrder as ServingOrder);
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        const share = Number(new FormData(e.currentTarget).get("exploration") ?? d.explorationShare * 100) / 100;
        set.mutate({
          id: d.id,
          servingOrder: order,
          ...(order === "informative" ? { explorationShare: share } : {}),
        });
      }}
    >
      <select
        name="order"
        value={order}
        onChange={(e) => setOrder(e.target.value as ServingOrder)}
        aria-label={t("orderOf", { name: d.name })}
      >
        {SERVING_ORDERS.map((o) => (
          <option key={o} value={o}>
            {t(`orders.${o}`)}
          </option>
        ))}
      </select>
      {order === "informative" && (
        <label className="small" title={t("explorationTitle")}>
          {t("exploring")}{" "}
          <input
            name="exploration"
            type="number"
            min={0}
            max={EXPLORATION_MAX * 100}
            step={1}
            defaultValue={+(d.explorationShare * 100).toFixed(1)}
            className="narrow-input"
            aria-label={t("explorationOf", { name: d.name })}
          />{" "}
          %
        </label>
      )}
      <button className="btn small" type="submit" disabled={set.isPending}>
        {t("set")}
      </button>
      {set.data && (
        <span className="ok small" role="status">
          {set.data.prioritiesRequested ? ` ${t("recomputing")}` : ` ${t("saved")}`}
        </span>
      )}
      {set.error && (
        <span className="error small" role="alert">
          {" "}
          {errorText(set.error)}
        </span>
      )}
    </form>
  );
}
