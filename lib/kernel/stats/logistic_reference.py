"""Reference values for lib/kernel/stats/logistic.ts: statsmodels' Logit (Newton) on seeded data shaped like dimension
verdicts (signed −3..3 or −1/0/1 per dimension, overall verdict B better = 1). Run:
/usr/bin/python3 lib/kernel/stats/logistic_reference.py (numpy, statsmodels: Debian's python3-statsmodels).
Writes fixtures/logit-reference.json."""
import json, os
import numpy as np
import statsmodels.api as sm

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20261124)
cases = []
for t, (n, d, scale) in enumerate([(60, 2, 1), (200, 4, 1), (400, 6, 3), (150, 5, 3)]):
    x = rng.integers(-scale, scale + 1, size=(n, d)).astype(float)
    beta = rng.normal(0, 0.6, size=d)
    eta = 0.2 + x @ beta
    y = (rng.random(n) < 1 / (1 + np.exp(-eta))).astype(int)
    res = sm.Logit(y, sm.add_constant(x, has_constant="add")).fit(method="newton", disp=0, tol=1e-12, maxiter=200)
    cases.append({"name": f"seeded-{t}", "x": x.tolist(), "y": y.tolist(), "coef": res.params.tolist(), "se": res.bse.tolist()})
with open(os.path.join(HERE, "fixtures", "logit-reference.json"), "w") as f:
    json.dump(cases, f)
    f.write("\n")
