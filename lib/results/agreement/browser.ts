/** lib/results/agreement: the entry point for client code — the agreement statistics reach neither storage nor Node (decision 018). */
export * from "./index";
