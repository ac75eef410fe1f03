/**
 * The leaderboard: the entry point callers outside lib/results/leaderboard/ import. Battles and their files
 * (battles.ts, file.ts), Bradley–Terry with bootstrap intervals and style control (leaderboard.ts,
 * bradley-terry.ts, style.ts), the win table and side shares, simulated battles, and the text report; the
 * prediction-powered leaderboard (PPI++: experts' battles rectifying a judge's, prediction-powered*.ts, simulate-judge.ts);
 * serving orders: the A-optimal priority of a pair (informative.ts), replays of a battle log under a serving order
 * (replay.ts), the pick they share with the app's priorities (serving.ts), and the judgments a serving order still
 * needs until the widest interval is narrow enough (needed.ts).
 */
export * from "./battles";
export * from "./bradley-terry";
export * from "./file";
export * from "./informative";
export * from "./leaderboard";
export * from "./needed";
export * from "./prediction-powered";
export * from "./prediction-powered-file";
export * from "./prediction-powered-text";
export * from "./replay";
export * from "./serving";
export * from "./simulate";
export * from "./simulate-judge";
export * from "./style";
export * from "./text";
export * from "./win-table";
