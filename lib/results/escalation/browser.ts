/** lib/results/escalation for client code: the setting's shape and defaults, nothing that reaches Node (decision 018). */
export type { EscalationSettings, EscalationSettingsInput, JudgeAudit } from "./dataset";
