"""Baseline for bench/fit.ts: one exhaustive pass over TripScore's grid in numpy, factored as the issue
describes (weighted soft and preference means per weight vector, then every (w3, w4) combination).
Usage: python3 bench/fit-numpy.py PAIRS.jsonl  ->  prints {"seconds", "best_correct", "evaluated"}"""
import itertools, json, sys, time
import numpy as np

SOFT = ["schedule_density", "hotel_consistency", "daytime_utilization", "unique_attractions", "location_clustering", "iconic_landmarks", "attraction_diversity"]
PREF = ["attraction_prioritization", "pacing", "budget", "physical_effort", "user_request"]
pairs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
n = len(pairs)
plans = [p[s]["features"] for p in pairs for s in ("plan_a", "plan_b")]
def matrix(keys):
    v = np.array([[np.nan if f.get(k) is None else f[k] for k in keys] for f in plans])
    return np.nan_to_num(v), (~np.isnan(v)).astype(float)
sv, sm = matrix(SOFT)
pv, pm = matrix(PREF)
fmt = np.array([f.get("format") or -3 for f in plans]); com = np.array([f.get("commonsense") or -1 for f in plans])
ok = (fmt > 0) & (com > 0)
gate = np.where(fmt < 0, -3.0, 0.0)
label = np.array([p["label"] for p in pairs])
W1 = np.array(list(itertools.product([0.1, 0.4, 0.7], repeat=7)))
W2 = np.array([w + (1.0,) for w in itertools.product([0.2, 0.6, 1.0], repeat=4)])
W3 = [0.8, 1.0, 1.2]; W4 = [0.1, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4]
def means(W, v, m):
    num = W @ (v * m).T; den = W @ m.T
    return np.where(den > 0, num / np.where(den > 0, den, 1), 0.0)
t = time.perf_counter()
S = means(W1, sv, sm)  # (2187, plans)
P = np.where(ok, means(W2, pv, pm), 0.0)  # (81, plans)
Pa, Pb = P[:, 0::2], P[:, 1::2]
best = -1
for i in range(len(W1)):
    for w3 in W3:
        A = np.where(ok, 2 + w3 * S[i], gate)
        Aa, Ab = A[0::2], A[1::2]
        for w4 in W4:
            d = (Aa + w4 * Pa) - (Ab + w4 * Pb)  # (81, n)
            pred = np.where(d > 1e-9, 1, np.where(d < -1e-9, -1, 0))
            best = max(best, int((pred == label).sum(axis=1).max()))
print(json.dumps({"seconds": time.perf_counter() - t, "best_correct": best, "evaluated": len(W1) * len(W2) * len(W3) * len(W4)}))
