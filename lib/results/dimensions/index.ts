/**
 * Per-dimension verdicts: the entry point for callers outside lib/results/dimensions/. The set a dataset asks about and
 * the answers' shapes (set.ts), each plan's automatic score per dimension (signals.ts), the experts' majority
 * against the signal difference (reward.ts), and which dimensions drive the overall verdict (drivers.ts).
 */
export * from "./set";
export * from "./signals";
export * from "./reward";
export * from "./drivers";
export * from "./summary";
