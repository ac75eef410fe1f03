"use client";
/**
 * A dataset's serving order in the quality page's gold table: as imported, balanced across planner pairs, or most
 * informative first with its exploration share (docs/serving-order.md). A change asks the worker to recompute the
 * dataset's priorities; the claim serves by them once it has.
 */
import { useState } from "react";
import { EXPLORATION_MAX, SERVING_ORDER_NAMES, SERVING_ORDERS, type ServingOrder } from "@/lib/judging/browser";
import type { QualityAnswer } from "@/lib/platform/browser";
import { useSetQualityOfDataset } from "../mutations";

type Dataset = QualityAnswer["gold"]["datasets"][number];

export function ServingOrderCell({ d }: { d: Dataset }) {
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
        aria-label={`Serving order of ${d.name}`}
      >
        {SERVING_ORDERS.map((o) => (
          <option key={o} value={o}>
            {SERVING_ORDER_NAMES[o]}
          </option>
        ))}
      </select>
      {order === "informative" && (
        <label className="small" title="The share of ranks drawn uniformly among the planner pairs">
          exploring{" "}
          <input
            name="exploration"
            type="number"
            min={0}
            max={EXPLORATION_MAX * 100}
            step={1}
            defaultValue={+(d.explorationShare * 100).toFixed(1)}
            className="narrow-input"
            aria-label={`Exploration share of ${d.name} (%)`}
          />{" "}
          %
        </label>
      )}
      <button className="btn small" type="submit" disabled={set.isPending}>
        Set
      </button>
      {set.data && (
        <span className="ok small" role="status">
          {set.data.prioritiesRequested ? " The worker is recomputing its priorities." : " Saved."}
        </span>
      )}
      {set.error && (
        <span className="error small" role="alert">
          {" "}
          {set.error.message}
        </span>
      )}
    </form>
  );
}
