import type { AssignmentView } from "@/lib/judging/browser";

const PREF_LABELS: Record<string, string> = {
  budget: "Budget",
  pacing: "Pace",
  pace: "Pace",
  attractionTypes: "Interests",
  effort: "Effort",
  persona: "Persona",
};

export function RequestPanel({ query }: { query: AssignmentView["query"] }) {
  const prefs = Object.entries(query.preferences).filter(
    ([k, v]) => PREF_LABELS[k] && v !== undefined && v !== null && v !== "",
  );
  return (
    <section className="request" aria-label="The traveller's request">
      <p className="request-text">{query.text}</p>
      <dl className="request-facts">
        <div>
          <dt>To</dt>
          <dd>
            {query.destination.name}, {query.destination.country}
          </dd>
        </div>
        {query.origin && (
          <div>
            <dt>From</dt>
            <dd>{query.origin}</dd>
          </div>
        )}
        <div>
          <dt>Days</dt>
          <dd>
            {query.days}
            {query.startDate && ` from ${query.startDate}`}
          </dd>
        </div>
        <div>
          <dt>Travellers</dt>
          <dd>{query.people}</dd>
        </div>
        {prefs.map(([k, v]) => (
          <div key={k}>
            <dt>{PREF_LABELS[k]}</dt>
            <dd>{Array.isArray(v) ? v.join(", ") : String(v)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
