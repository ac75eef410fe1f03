"""Reference values for lib/results/dimensions/drivers.ts: statsmodels' Logit (Newton) of the overall verdict (A 1, B 0;
Neither left out) on the dimension verdicts coded A +1, about the same or not applicable or unanswered 0, B −1,
one row per judgment, with an intercept — coded here from the judgments as stored, independently of the
TypeScript. Run: /usr/bin/python3 lib/results/dimensions/drivers_reference.py (numpy, statsmodels: Debian's
python3-statsmodels). Writes fixtures/drivers-reference.json."""
import json, os
import numpy as np
import statsmodels
import statsmodels.api as sm

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20261124)
CODE = {"A": 1, "B": -1, "SAME": 0, "NA": 0}


def judgments(keys, n, requests, beta, p_na, strength):
    """Per judgment: each dimension's verdict follows a latent difference of the two plans; the overall verdict
    follows a logistic model of the dimension verdicts (and is Neither at times)."""
    out = []
    for i in range(n):
        dims = {}
        for j, k in enumerate(keys):
            u = rng.random()
            if rng.random() < p_na[j]:
                if rng.random() < 0.3:
                    continue  # unanswered (a key the judgment lacks)
                v = "NA"
            else:
                v = "A" if u < 0.4 else "B" if u < 0.8 else "SAME"
            a = {"v": v}
            if strength and v in ("A", "B"):
                a["s"] = int(rng.integers(1, 4))
            dims[k] = a
        x = np.array([CODE[dims[k]["v"]] if k in dims else 0 for k in keys], dtype=float)
        eta = 0.15 + x @ beta
        verdict = "NEITHER" if rng.random() < 0.12 else ("A" if rng.random() < 1 / (1 + np.exp(-eta)) else "B")
        out.append({"queryId": f"q{int(rng.integers(0, requests)):03d}", "verdict": verdict, "dimensions": dims})
    return out


def case(name, keys, rows):
    kept = [r for r in rows if r["verdict"] != "NEITHER"]
    X = np.array([[CODE[r["dimensions"][k]["v"]] if k in r["dimensions"] else 0 for k in keys] for r in kept], float)
    y = np.array([1 if r["verdict"] == "A" else 0 for r in kept])
    res = sm.Logit(y, sm.add_constant(X, has_constant="add")).fit(method="newton", disp=0, tol=1e-12, maxiter=200)
    return {"name": name, "keys": keys, "judgments": rows, "counted": len(kept), "neither": len(rows) - len(kept),
            "coef": res.params.tolist(), "se": res.bse.tolist()}


DEFAULT = ["feasibility", "request", "preferences", "route", "pacing", "attractions"]
cases = [
    case("six-default-dimensions", DEFAULT,
         judgments(DEFAULT, 900, 120, np.array([1.2, 0.8, 0.4, 0.3, 0.2, 0.5]), [0, 0, 0.15, 0.1, 0.1, 0.05], False)),
    case("four-with-strength", DEFAULT[:4],
         judgments(DEFAULT[:4], 300, 50, np.array([0.9, 0.6, 0.0, -0.2]), [0, 0.05, 0.3, 0.2], True)),
    case("two-dimensions", ["route", "pacing"],
         judgments(["route", "pacing"], 150, 30, np.array([0.7, 0.3]), [0.2, 0.2], False)),
]
with open(os.path.join(HERE, "fixtures", "drivers-reference.json"), "w") as f:
    json.dump({"statsmodels": statsmodels.__version__, "cases": cases}, f)
    f.write("\n")
