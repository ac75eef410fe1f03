/**
 * lib/results/escalation for client code: the setting's shape, its limits and the page's wording of a cascade, nothing
 * that reaches Node (decision 018).
 */
export type { EscalationSettings, EscalationSettingsInput, JudgeAudit } from "./dataset";
export * from "./limits";
export * from "./status";
