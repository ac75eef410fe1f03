/**
 * A plan as its dataset published it, as SQL giving JSON text (`p` a Plan row, `ds` its Dataset): the imported
 * record's plan, serialized once at import; a TripCraft record's day records alone (its persona describes the
 * traveller, not the plan). What the trainer exports put in an assistant turn.
 */
export const publishedPlanText = (p: string, ds = "ds") =>
  `CASE WHEN ${ds}.format = 'TRIPCRAFT' THEN (${p}.raw -> 'plan')::text ELSE ${p}.raw::text END`;
