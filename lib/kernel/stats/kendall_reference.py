"""Reference values for lib/kernel/stats/kendall.ts: scipy.stats.kendalltau (variant "b", its default) on seeded data —
continuous, heavily tied, a three-valued side (a majority verdict B −1 / about the same 0 / A +1) against a score
difference, and rows repeated by weights (what a cluster bootstrap replicate is). Run:
/usr/bin/python3 lib/kernel/stats/kendall_reference.py (numpy, scipy: Debian's python3-scipy). Writes
fixtures/kendall-reference.json; tau is null where scipy gives nan (a constant variable)."""
import json, math, os
import numpy as np
import scipy
from scipy.stats import kendalltau

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20261124)
cases = []


def case(name, x, y, weights=None, groups=None):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if weights is not None:
        # A row of group g counts weights[g] times: the replicate, written out.
        reps = np.asarray(weights)[np.asarray(groups)]
        xs, ys = np.repeat(x, reps), np.repeat(y, reps)
    else:
        xs, ys = x, y
    tau = kendalltau(xs, ys, variant="b")[0]
    out = {"name": name, "x": x.tolist(), "y": y.tolist(), "tau": None if math.isnan(tau) else float(tau)}
    if weights is not None:
        out["groups"] = [int(g) for g in groups]
        out["weights"] = [int(w) for w in weights]
    cases.append(out)


# Continuous, no ties.
case("continuous-200", rng.normal(size=200), rng.normal(size=200))
# Heavy ties on both sides.
a = rng.integers(0, 4, size=500)
case("ties-4x3-500", a, (a + rng.integers(-2, 3, size=500)).clip(0, 2))
case("ties-2x2-300", rng.integers(0, 2, size=300), rng.integers(0, 2, size=300))
# The three-valued human side against a signal difference with many zeros (ties excluded nowhere: τ-b corrects).
for n in (50, 1000, 5000):
    h = rng.choice([-1, 0, 1], size=n, p=[0.4, 0.2, 0.4])
    d = np.where(rng.random(n) < 0.3, 0.0, np.round(0.3 * h + rng.normal(0, 1, size=n), 2))
    case(f"majority-vs-difference-{n}", h, d)
# Both sides three-valued.
h = rng.choice([-1, 0, 1], size=400)
case("three-by-three-400", h, np.where(rng.random(400) < 0.5, h, rng.choice([-1, 0, 1], size=400)))
# Exact agreement, exact reversal, a constant side.
case("concordant", [1, 2, 3, 4, 5], [10, 20, 30, 40, 50])
case("discordant-with-ties", [1, 1, 2, 3], [3, 3, 2, 1])
case("constant-x", [0, 0, 0, 0], [1, 2, 3, 4])
case("two-items", [0, 1], [5, 1])
# Weighted: requests (groups) drawn with replacement, each row counted as often as its request was drawn.
for n, q in ((300, 40), (2000, 150)):
    groups = rng.integers(0, q, size=n)
    h = rng.choice([-1, 0, 1], size=n, p=[0.35, 0.3, 0.35])
    d = np.where(rng.random(n) < 0.25, 0.0, np.round(0.5 * h + rng.normal(0, 1, size=n), 1))
    weights = np.bincount(rng.integers(0, q, size=q), minlength=q)
    case(f"weighted-{n}-rows-{q}-requests", h, d, weights, groups)

with open(os.path.join(HERE, "fixtures", "kendall-reference.json"), "w") as f:
    json.dump({"scipy": scipy.__version__, "cases": cases}, f)
    f.write("\n")
