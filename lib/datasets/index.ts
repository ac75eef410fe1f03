/** lib/datasets: the entry point for server callers — routes, actions, the worker, the command line (decision 018). */
export * from "./demo/bundle";
export * from "./demo/dataset";
export * from "./formats/serialise";
export * from "./itinerary/model";
export * from "./normalized";
export * from "./request-list";
