/** lib/datasets: the entry point for client code — types, names and pure helpers that reach neither storage nor Node (decision 018). */
export * from "./itinerary/cities";
export * from "./itinerary/clock";
export * from "./itinerary/model";
export type * from "./normalized";
