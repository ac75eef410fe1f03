#!/usr/bin/env python3
"""
Independent reference values for lib/results/escalation/reward-probability.ts (run with Debian's python3: numpy,
scipy). Written from the method, not from the TypeScript:

  P(A | d) = 1 / (1 + exp(-(a + b d))),  d = R(plan A) - R(plan B),
  (a, b) minimizing  sum_i [log(1 + exp(z_i)) - y_i z_i] + (1e-6 / 2)(a^2 + b^2),  z_i = a + b d_i,
  over the pairs whose experts' majority is A (y = 1) or B (y = 0), by scipy.optimize.minimize (trust-exact,
  exact gradient and Hessian, polished by Newton steps). Fold of a pair: floor(5 u), u the first 32 bits of md5(id) / 2^32. A pair with a
  majority (A, B or NEITHER) takes the fit on the other four folds, an unlabelled pair the fit on all labelled
  pairs; a fit on fewer than 10 A/B pairs gives no probability. p_b = 1 - p_a.

  /usr/bin/python3 lib/results/escalation/reward_probability_reference.py
      reads fixtures/demo-rewards.jsonl (the demo bundle's pairs and rewards, written by demo-rewards.ts),
      draws the experts' majorities with a fixed seed, writes fixtures/reward-probability.json.
"""
import hashlib, json, os
import numpy as np
from scipy.optimize import minimize
from scipy.special import expit

HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, "fixtures")
RIDGE = 1e-6
FOLDS = 5
MIN_PAIRS = 10


def fold(pair_id):
    u = int(hashlib.md5(pair_id.encode("utf-8")).hexdigest()[:8], 16) / 2**32
    return int(np.floor(u * FOLDS))


def fit(d, y):
    d, y = np.asarray(d, float), np.asarray(y, float)
    X = np.column_stack([np.ones_like(d), d])

    def f(t):
        z = X @ t
        return float(np.sum(np.logaddexp(0, z) - y * z) + RIDGE / 2 * t @ t)

    def g(t):
        return X.T @ (expit(X @ t) - y) + RIDGE * t

    def h(t):
        p = expit(X @ t)
        return X.T @ (X * (p * (1 - p))[:, None]) + RIDGE * np.eye(2)

    r = minimize(f, np.zeros(2), jac=g, hess=h, method="trust-exact", options={"gtol": 1e-13, "maxiter": 1000})
    t = r.x
    # trust-exact stops once f no longer resolves its steps (gradient about 1e-9): polished by exact Newton steps.
    for _ in range(5):
        t = t - np.linalg.solve(h(t), g(t))
    return {"a": float(t[0]), "b": float(t[1]), "n": int(len(d)), "gradient": float(np.max(np.abs(g(t))))}


def fit_on(pairs):
    ab = [p for p in pairs if p["human"] in ("A", "B")]
    if len(ab) < MIN_PAIRS:
        return None
    return fit([p["d"] for p in ab], [1.0 if p["human"] == "A" else 0.0 for p in ab])


def case(name, pairs):
    folds = [fold(p["id"]) for p in pairs]
    every = fit_on(pairs)
    per_fold = [fit_on([p for p, k in zip(pairs, folds) if k != f]) if every else None for f in range(FOLDS)]
    probs = {}
    for p, k in zip(pairs, folds):
        m = every if p["human"] is None else per_fold[k]
        if m is not None:
            pa = float(expit(m["a"] + m["b"] * p["d"]))
            probs[p["id"]] = {"p_a": pa, "p_b": 1 - pa}
    return {
        "name": name,
        "pairs": pairs,
        "folds": folds,
        "labelled": sum(p["human"] in ("A", "B") for p in pairs),
        "all": every,
        "per_fold": per_fold,
        "probabilities": probs,
    }


def main():
    rows = [json.loads(l) for l in open(os.path.join(FIX, "demo-rewards.jsonl"), encoding="utf-8") if l.strip()]
    base = [{"id": r["id"], "d": r["reward_a"] - r["reward_b"]} for r in rows]
    rng = np.random.default_rng(20261128)
    # The experts' majority drawn from a logistic model of the difference (a 0.2, b 0.8), a Neither majority now and
    # then, and some pairs not labelled yet.
    drawn = []
    for p in base:
        u, v = rng.random(), rng.random()
        human = None if v < 0.15 else "NEITHER" if v < 0.3 else "A" if u < expit(0.2 + 0.8 * p["d"]) else "B"
        drawn.append({**p, "human": human})
    # Separable: the sign of the difference decides (a tie is Neither): the ridge alone keeps the fit finite.
    separable = [{**p, "human": "A" if p["d"] > 0 else "B" if p["d"] < 0 else "NEITHER"} for p in base]
    # Few labels: the first 12 A/B majorities kept, so some folds' complements fall below 10 and abstain.
    kept, few = 0, []
    for p in drawn:
        ab = p["human"] in ("A", "B") and kept < 12
        kept += ab
        few.append({**p, "human": p["human"] if ab else None})
    too_few = [{**p, "human": p["human"] if i < 9 else None} for i, p in enumerate(separable)]
    out = {
        "ridge": RIDGE,
        "folds": FOLDS,
        "min_pairs": MIN_PAIRS,
        "cases": [case("demo", drawn), case("separable", separable), case("few", few), case("too few", too_few)],
    }
    with open(os.path.join(FIX, "reward-probability.json"), "w", encoding="utf-8") as fh:
        json.dump(out, fh, indent=1)
        fh.write("\n")
    for c in out["cases"]:
        print(c["name"], c["labelled"], c["all"] and (c["all"]["a"], c["all"]["b"], c["all"]["gradient"]),
              [f and round(f["b"], 4) for f in c["per_fold"]], len(c["probabilities"]))


main()
