#!/usr/bin/env python3
"""
Independent reference values for lib/results/escalation/ (run with Debian's python3: numpy, scipy). Written from the method
(Jung, Brahman & Choi 2025 and the authors' cascaded-selective-evaluation code), not from the TypeScript.

  /usr/bin/python3 lib/results/escalation/reference.py
      writes fixtures/calibration.jsonl, fixtures/items.jsonl and fixtures/reference.json (thresholds, p-values,
      Clopper–Pearson bounds and decisions for several α, δ and cascades); the TypeScript tests compare against them.
  /usr/bin/python3 lib/results/escalation/reference.py study FILE JUDGES ALPHA DELTA CALIBRATION RUNS SEED
      a guarantee study on any file of `tripjudge escalate`'s format whose lines all carry "human": RUNS random
      calibration draws of CALIBRATION items, each judged on the whole file; prints JSON.

The method, written plainly: a judge's confidence is its largest probability (or the majority's share of its
samples, ties to the first of A, B, NEITHER); thresholds are s / 5000 from 1 down to 0, from the first with at least
30 calibration items at or above it; at each, scipy's exact binomtest(k, n, α, alternative="less")
must be at most δ to go on; the threshold is the last that passed, None if none did. A cascade calibrates each
judge on the calibration items the earlier judges left; a judge with no verdict on an item abstains there.
"""
import json, os, sys
import numpy as np
from scipy.stats import binomtest, beta

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fixtures")
LABELS = ["A", "B", "NEITHER"]
MIN_ITEMS = 30
STEPS = 5000  # thresholds s / 5000, from 1 down to 0


def call(v):
    """(verdict, confidence) of one judge's verdict object."""
    if "samples" in v:
        s = [x.upper() for x in v["samples"]]
        shares = [s.count(l) / len(s) for l in LABELS]
    else:
        shares = [v["p_a"], v["p_b"]] + ([v["p_neither"]] if "p_neither" in v else [])
    best = int(np.argmax(shares))  # first of the largest
    return LABELS[best], shares[best]


def read(path):
    items = []
    for line in open(path, encoding="utf-8"):
        if line.strip():
            d = json.loads(line)
            items.append({"id": str(d["id"]), "human": d.get("human"), "judges": {j: call(v) for j, v in d["judges"].items()}})
    return items


def threshold(conf, wrong, alpha, delta):
    conf, wrong = np.asarray(conf, float), np.asarray(wrong, bool)
    best, last = None, None
    for s in range(STEPS, -1, -1):
        lam = s / STEPS
        sel = conf >= lam
        n, k = int(sel.sum()), int(wrong[sel].sum())
        if n < MIN_ITEMS:
            continue
        if (n, k) != last:  # the same items as at the threshold above: the same test
            p = binomtest(k, n, alpha, alternative="less").pvalue
            last = (n, k)
        if p > delta:
            break
        best = (lam, n, k, p)
    return best


def decides(item, judge, t):
    return t is not None and judge in item["judges"] and item["judges"][judge][1] >= t


def cascade(cal, judges, alpha, delta):
    stages, left = [], cal
    for j in judges:
        with_call = [it for it in left if j in it["judges"]]
        r = threshold([it["judges"][j][1] for it in with_call], [it["judges"][j][0] != it["human"] for it in with_call], alpha, delta)
        t = None if r is None else r[0]
        stages.append({
            "judge": j, "threshold": t, "calibration_items": len(left),
            "decided": 0 if r is None else r[1], "disagreements": 0 if r is None else r[2],
            "p_value": None if r is None else r[3],
            # One-sided Clopper–Pearson: the r with P(Bin(n, r) ≤ k) = δ.
            "upper_bound": None if r is None else (1.0 if r[2] == r[1] else float(beta.ppf(1 - delta, r[2] + 1, r[1] - r[2]))),
        })
        left = [it for it in left if not decides(it, j, t)]
    return stages


def decisions(items, stages):
    out = []
    for it in items:
        for s in stages:
            if decides(it, s["judge"], s["threshold"]):
                out.append({"id": it["id"], "judge": s["judge"], "verdict": it["judges"][s["judge"]][0]})
                break
        else:
            out.append({"id": it["id"], "judge": None, "verdict": None})
    return out


def make_fixtures():
    rng = np.random.default_rng(20251128)

    def probs(verdict, conf, three):
        p = {"p_a": 0.0, "p_b": 0.0}
        if three:
            p["p_neither"] = 0.0
        others = [l for l in LABELS[: 3 if three else 2] if l != verdict]
        rest = 1 - conf
        split = rng.uniform(0.2, 0.8) if len(others) == 2 else 1.0
        key = {"A": "p_a", "B": "p_b", "NEITHER": "p_neither"}
        p[key[verdict]] = conf
        p[key[others[0]]] = rest * split
        if len(others) == 2:
            p[key[others[1]]] = rest * (1 - split)
        return p

    def other(human):
        """A wrong verdict: the other plan (now and then Neither), or either plan when the experts said Neither."""
        if human == "NEITHER":
            return "A" if rng.uniform() < 0.5 else "B"
        return "NEITHER" if rng.uniform() < 0.2 else ("B" if human == "A" else "A")

    def item(i, prefix, with_human):
        human = LABELS[rng.choice(3, p=[0.45, 0.45, 0.10])]
        hard = rng.uniform() < 0.45
        judges = {}
        # "small": cheap and often unsure; some verdicts carry p_neither; confidences rounded to 2 places (ties).
        conf = round(float(0.5 + 0.5 * rng.uniform() ** (2.5 if hard else 0.6)), 2)
        wrong = rng.uniform() < (0.7 if hard else 0.15) * (1.6 - conf)
        v = other(human) if wrong else human
        judges["small"] = probs(v, conf, three=(v == "NEITHER" or rng.uniform() < 0.3))
        # "large": stronger, absent on some items; an exact 50/50 now and then (its verdict is A).
        if rng.uniform() > 0.05:
            if rng.uniform() < 0.02:
                judges["large"] = {"p_a": 0.5, "p_b": 0.5}
            else:
                conf = float(1 - 0.5 * rng.uniform() ** (1.5 if hard else 4.0))
                wrong = rng.uniform() < (0.45 if hard else 0.05) + 0.4 * (1 - conf)
                v = human if not wrong else ("B" if human == "A" else "A")
                judges["large"] = probs(v, conf, three=(v == "NEITHER"))
        # "voter": five sampled verdicts, right on each with a per-item chance.
        right = 0.4 if hard else 0.75
        judges["voter"] = {"samples": [human if rng.uniform() < right else other(human) for _ in range(5)]}
        line = {"id": f"{prefix}{i:04d}" if i % 50 else i + (0 if prefix == "c" else 100000), "judges": judges}
        if with_human:
            line["human"] = human
        return line

    os.makedirs(OUT, exist_ok=True)
    cal = [item(i, "c", True) for i in range(600)]
    test = [item(i, "t", i % 2 == 0) for i in range(300)]
    for name, rows in (("calibration.jsonl", cal), ("items.jsonl", test)):
        with open(os.path.join(OUT, name), "w") as f:
            f.write("".join(json.dumps(r) + "\n" for r in rows))

    cal_items, test_items = read(os.path.join(OUT, "calibration.jsonl")), read(os.path.join(OUT, "items.jsonl"))
    cases = []
    for judges, alpha, delta in [
        (["large"], 0.2, 0.1),
        (["large"], 0.1, 0.1),
        (["small", "large"], 0.15, 0.1),
        (["voter", "small", "large"], 0.1, 0.05),
        (["small"], 0.02, 0.1),
        (["large", "small"], 0.3, 0.1),
        (["voter"], 0.25, 0.2),
        (["voter", "large"], 0.2, 0.1),
        (["small", "large"], 0.25, 0.1),
    ]:
        stages = cascade(cal_items, judges, alpha, delta)
        cases.append({"judges": judges, "alpha": alpha, "delta": delta, "thresholds": stages, "decisions": decisions(test_items, stages)})
    with open(os.path.join(OUT, "reference.json"), "w") as f:
        f.write('{"min_items": %d, "cases": [\n%s\n]}\n' % (MIN_ITEMS, ",\n".join(json.dumps(c) for c in cases)))
    for c in cases:
        print(c["judges"], c["alpha"], c["delta"], [(s["threshold"], s["calibration_items"], s["decided"]) for s in c["thresholds"]],
              sum(d["judge"] is not None for d in c["decisions"]), "decided of", len(c["decisions"]))


def study(path, judges, alpha, delta, size, runs, seed):
    pop = read(path)
    rng = np.random.default_rng(seed)
    N = len(pop)
    held, cov, out_cov, nothing = 0, [], [], 0
    for _ in range(runs):
        draw = rng.permutation(N)[:size]
        in_draw = np.zeros(N, bool)
        in_draw[draw] = True
        stages = cascade([pop[i] for i in draw], judges, alpha, delta)
        dec = decisions(pop, stages)
        decided = np.array([d["judge"] is not None for d in dec])
        wrong = np.array([d["judge"] is not None and d["verdict"] != it["human"] for d, it in zip(dec, pop)])
        nothing += decided.sum() == 0
        held += wrong.sum() <= alpha * decided.sum()
        cov.append(decided.mean())
        out_cov.append(decided[~in_draw].mean() if (~in_draw).any() else float("nan"))
    print(json.dumps({"file": path, "items": N, "judges": judges, "alpha": alpha, "delta": delta, "calibration": size,
                      "runs": runs, "held": held / runs, "median_coverage": float(np.median(cov)),
                      "median_held_out_coverage": float(np.median(out_cov)), "decided_nothing": nothing / runs}))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "study":
        f, j, a, d, c, r, s = sys.argv[2:9]
        study(f, j.split(","), float(a), float(d), int(c), int(r), int(s))
    else:
        make_fixtures()
