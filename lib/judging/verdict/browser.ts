/** lib/judging/verdict: the entry point for client code — the verdict module reaches neither storage nor Node (decision 018). */
export * from "./index";
