/** lib/results/features: the entry point for client code — features, reward and weights reach neither storage nor Node (decision 018). */
export * from "./index";
