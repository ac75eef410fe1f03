"use client";
/**
 * The comparison screen: the request on top, plan A (left) and plan B (right) as map + timeline,
 * the verdict panel below. The next pair is prefetched so that it appears at once after a submit.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type L from "leaflet";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Choice } from "@/lib/assignment/policy";
import type { AssignmentView, PlanView } from "@/lib/db/judging-view";
import { DEFAULT_WEIGHTS, type Weights } from "@/lib/features/types";
import { reward } from "@/lib/features/reward";
import { RequestPanel } from "./RequestPanel";
import { SIDE_LABEL, type ItemKey } from "./style";
import { Timeline } from "./Timeline";
import { clearDraft, useDraft } from "./useDraft";
import { VerdictPanel } from "./VerdictPanel";
import type { Tiles } from "./PlanMap";

const PlanMap = dynamic(() => import("./PlanMap"), { ssr: false, loading: () => <div className="plan-map loading">Loading map…</div> });

interface NextResponse {
  assignment: AssignmentView | null;
  rationaleMinLength: number;
  /** The reward weights in use (an adopted fit, or TripScore's defaults), for the diagnostics. */
  rewardWeights?: Weights;
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(body.error ?? `The server answered ${res.status}.`), { status: res.status });
  return body as T;
}

const fetchNext = (destination: string | null, exclude: string[] = []) =>
  getJson<NextResponse>(`/api/judge/next?${new URLSearchParams({ ...(destination ? { destination } : {}), ...(exclude.length ? { exclude: exclude.join(",") } : {}) })}`, { method: "POST" });

function Diagnostics({ plan, weights }: { plan: PlanView; weights: Weights }) {
  if (!plan.diagnostics) return null;
  const d = plan.diagnostics;
  const violations = d.violations ?? [];
  return (
    <details className="diagnostics">
      <summary>Automatic diagnostics · reward {reward(d, weights).toFixed(2)}</summary>
      {violations.length > 0 && (
        <ul>
          {violations.map((v, i) => (
            <li key={i}>{v}</li>
          ))}
        </ul>
      )}
      <p className="muted small">
        {Object.entries(d)
          .filter(([k, v]) => k !== "violations" && typeof v === "number")
          .map(([k, v]) => `${k.replace(/_/g, " ")} ${(v as number).toFixed(2)}`)
          .join(" · ")}
      </p>
    </details>
  );
}

export function JudgeScreen({ destination, tiles }: { destination: string | null; tiles: Tiles | null }) {
  const qc = useQueryClient();
  const currentKey = ["judge", "current", destination ?? "all"];
  const current = useQuery({ queryKey: currentKey, queryFn: () => fetchNext(destination), staleTime: Infinity, refetchOnWindowFocus: false, retry: 1 });
  const a = current.data?.assignment ?? null;
  const minLength = current.data?.rationaleMinLength ?? 20;
  // The pair behind this one, claimed in advance so that it shows at once after submitting.
  const next = useQuery({
    queryKey: ["judge", "next", a?.assignmentId],
    queryFn: () => fetchNext(destination, [a!.assignmentId]),
    enabled: !!a,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const { draft, update, elapsed } = useDraft(a?.assignmentId ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const [skipping, setSkipping] = useState(false);
  const [dayFilter, setDayFilter] = useState<number | null>(null);
  const [hover, setHover] = useState<ItemKey | null>(null);
  const [selected, setSelected] = useState<ItemKey | null>(null);
  const [sync, setSync] = useState(true);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const maps = useRef<{ left?: L.Map; right?: L.Map }>({});
  const syncing = useRef(false);

  const valid = !!draft && draft.choice !== null && draft.rationale.trim().length >= minLength;

  const advance = useCallback(async () => {
    const nextData = next.data?.assignment ? next.data : await fetchNext(destination);
    qc.setQueryData(currentKey, nextData);
    setDayFilter(null);
    setSelected(null);
    window.scrollTo({ top: 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- currentKey derives from destination
  }, [next.data, destination, qc]);

  const submit = useCallback(async () => {
    if (!a || !draft || !valid || busy) return;
    setBusy(true);
    setError(null);
    const body = JSON.stringify({ choice: draft.choice, rationale: draft.rationale, timeOnTaskMs: Math.round(elapsed()), clientRequestId: draft.requestId });
    try {
      // The request id makes a retry after a network error safe: the server stores one judgment.
      let res: Response | null = null;
      for (let attempt = 0; attempt < 3 && !res; attempt++) {
        try {
          res = await fetch(`/api/judge/${a.assignmentId}/submit`, { method: "POST", headers: { "content-type": "application/json" }, body });
        } catch {
          await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
        }
      }
      if (!res) throw new Error("The server could not be reached. Your draft is kept; try again.");
      const out = await res.json().catch(() => ({}));
      if (!res.ok) throw new Error(out.error ?? `The server answered ${res.status}.`);
      clearDraft(a.assignmentId);
      await advance();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }, [a, draft, valid, busy, elapsed, advance]);

  const skip = useCallback(
    async (reason: string) => {
      if (!a) return;
      try {
        await getJson(`/api/judge/${a.assignmentId}/skip`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ reason }) });
        clearDraft(a.assignmentId);
        setSkipping(false);
        await advance();
      } catch (e) {
        setError((e as Error).message);
      }
    },
    [a, advance],
  );

  const choose = useCallback(
    (c: Choice) => {
      update({ choice: c });
      textRef.current?.focus();
    },
    [update],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const inText = e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
      if (inText) {
        if (e.key === "Enter" && !e.shiftKey && e.target === textRef.current) {
          e.preventDefault();
          void submit();
        } else if (e.key === "Escape") (e.target as HTMLElement).blur();
        return;
      }
      const map: Record<string, Choice> = { "1": "left", a: "left", A: "left", "2": "right", b: "right", B: "right", "0": "neither", n: "neither", N: "neither" };
      if (map[e.key]) {
        e.preventDefault();
        choose(map[e.key]);
      } else if (e.key === "?") setHelp((h) => !h);
      else if (e.key === "Escape") setHelp(false);
      else if (e.key === "Enter" && valid) {
        e.preventDefault();
        void submit();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [choose, submit, valid]);

  const syncRef = useRef(sync);
  useEffect(() => {
    syncRef.current = sync;
  }, [sync]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);

  const onMap = useCallback(
    (side: "left" | "right") => (m: L.Map) => {
      maps.current[side] = m;
      m.on("moveend", () => {
        const other = maps.current[side === "left" ? "right" : "left"];
        if (!syncRef.current || syncing.current || !other) return;
        syncing.current = true;
        other.setView(m.getCenter(), m.getZoom(), { animate: false });
        syncing.current = false;
      });
    },
    [],
  );

  if (current.isPending) return <main className="page">Finding your next pair…</main>;
  if (current.isError)
    return (
      <main className="page">
        <p role="alert" className="error">
          {(current.error as Error).message}
        </p>
        <button className="btn" onClick={() => current.refetch()}>
          Try again
        </button>
      </main>
    );
  if (!a)
    return (
      <main className="page">
        <h1>Nothing to judge right now</h1>
        <p data-testid="queue-empty">No pair of your destinations is waiting for you{destination ? " here" : ""}. Thank you!</p>
        <Link href="/expert">Back to your pairs</Link>
      </main>
    );

  const maxDays = Math.max(a.left.itinerary.days.length, a.right.itinerary.days.length);
  const center: [number, number] = [a.query.destination.lat, a.query.destination.lon];
  const minutesLeft = Math.round((new Date(a.leaseExpiresAt).getTime() - now) / 60_000);

  return (
    <main className="judge" data-assignment={a.assignmentId} data-pair={a.pairId}>
      <div className="judge-top">
        <RequestPanel query={a.query} />
        <div className="judge-tools">
          <div className="day-select" role="group" aria-label="Days shown">
            <button type="button" className={dayFilter === null ? "on" : ""} onClick={() => setDayFilter(null)}>
              All days
            </button>
            {Array.from({ length: maxDays }, (_, d) => (
              <button type="button" key={d} className={dayFilter === d ? "on" : ""} onClick={() => setDayFilter(d)}>
                Day {d + 1}
              </button>
            ))}
          </div>
          <label className="checkbox small">
            <input type="checkbox" checked={sync} onChange={(e) => setSync(e.target.checked)} /> Keep both maps on the same view
          </label>
          <a className="small" href={`/queries/${a.query.id}/constraints`} target="_blank" rel="noopener">
            Constraints of this request ↗
          </a>
          <span className={`lease small ${minutesLeft < 5 ? "error" : "muted"}`}>
            {a.expired || minutesLeft <= 0 ? "Your claim on this pair has expired; submit soon or take the next pair." : `Reserved for you for ${minutesLeft} more min`}
          </span>
        </div>
      </div>
      <div className="plans">
        {(["left", "right"] as const).map((side) => (
          <article key={side} className={`plan plan-${side}`} aria-label={`Plan ${SIDE_LABEL[side]}`}>
            <h2>
              <span className={`side-badge side-${side}`}>{SIDE_LABEL[side]}</span> Plan {SIDE_LABEL[side]}
              <span className="muted small"> · {a[side].itinerary.days.length} days</span>
            </h2>
            <PlanMap
              itinerary={a[side].itinerary}
              side={side}
              dayFilter={dayFilter}
              highlighted={hover ?? selected}
              onHover={setHover}
              onSelect={setSelected}
              tiles={tiles}
              center={center}
              onMap={onMap(side)}
              fitTo={sync ? [a.left.itinerary, a.right.itinerary] : undefined}
            />
            <Diagnostics plan={a[side]} weights={current.data?.rewardWeights ?? DEFAULT_WEIGHTS} />
            <Timeline itinerary={a[side].itinerary} side={side} dayFilter={dayFilter} highlighted={hover ?? selected} selected={selected} onHover={setHover} onSelect={setSelected} />
          </article>
        ))}
      </div>
      {draft && (
        <VerdictPanel
          ref={textRef}
          choice={draft.choice}
          rationale={draft.rationale}
          minLength={minLength}
          busy={busy}
          error={error}
          onChoice={choose}
          onRationale={(t) => update({ rationale: t })}
          onSubmit={() => void submit()}
          onSkip={() => setSkipping(true)}
          onHelp={() => setHelp(true)}
        />
      )}
      {skipping && <SkipDialog onCancel={() => setSkipping(false)} onSkip={(r) => void skip(r)} />}
      {help && <ShortcutsHelp onClose={() => setHelp(false)} />}
    </main>
  );
}

function SkipDialog({ onCancel, onSkip }: { onCancel: () => void; onSkip: (reason: string) => void }) {
  const [reason, setReason] = useState("I don't know this area well enough");
  return (
    <div className="dialog-backdrop" role="presentation" onClick={onCancel}>
      <form
        role="dialog"
        aria-modal="true"
        aria-label="Skip this pair"
        className="dialog"
        onClick={(e) => e.stopPropagation()}
        onSubmit={(e) => {
          e.preventDefault();
          onSkip(reason);
        }}
      >
        <h2>Skip this pair</h2>
        <p className="muted">The pair goes to another expert; you will not see it again.</p>
        <label>
          Why?
          <select value={reason} onChange={(e) => setReason(e.target.value)} autoFocus>
            <option>I don&apos;t know this area well enough</option>
            <option>The plans are too long or unclear to judge</option>
            <option>Something is wrong with the plans</option>
          </select>
        </label>
        <div className="verdict-actions">
          <button className="btn primary" type="submit">
            Skip pair
          </button>
          <button className="btn" type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}

function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <div className="dialog-backdrop" role="presentation" onClick={onClose}>
      <div role="dialog" aria-modal="true" aria-label="Keyboard shortcuts" className="dialog" onClick={(e) => e.stopPropagation()}>
        <h2>Keyboard shortcuts</h2>
        <table className="table">
          <tbody>
            <tr><td><kbd>1</kbd> or <kbd>A</kbd></td><td>Plan A (left) is better</td></tr>
            <tr><td><kbd>2</kbd> or <kbd>B</kbd></td><td>Plan B (right) is better</td></tr>
            <tr><td><kbd>0</kbd> or <kbd>N</kbd></td><td>Neither plan is satisfactory</td></tr>
            <tr><td><kbd>Enter</kbd></td><td>Submit (when a choice and rationale are given)</td></tr>
            <tr><td><kbd>Shift</kbd>+<kbd>Enter</kbd></td><td>New line in the rationale</td></tr>
            <tr><td><kbd>Esc</kbd></td><td>Leave the rationale field / close this help</td></tr>
            <tr><td><kbd>?</kbd></td><td>Show or hide this help</td></tr>
          </tbody>
        </table>
        <button className="btn" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </div>
  );
}
