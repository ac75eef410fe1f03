#!/usr/bin/env python3
"""
Independent reference values for the prediction-powered leaderboard (lib/results/leaderboard/prediction-powered.ts), with
Debian's numpy and scipy only. Writes fixtures/ppi-human.jsonl, fixtures/ppi-judge.jsonl (expert battles with ids,
and the judge's verdicts: on the same ids, some written the other way round, and on other battles),
fixtures/ppi-clustered.jsonl (battles grouped in queries, with style covariates, some decided by experts) and
fixtures/ppi-reference.json; lib/results/leaderboard/prediction-powered.test.ts compares. Re-run only to regenerate:
/usr/bin/python3 lib/results/leaderboard/reference-ppi.py

Independent of the TypeScript: Bradley–Terry as a logistic regression on ±ln 10 with the first planner (by name) as
reference (coefficient 0) instead of centred ratings with a definite-making term; the rectified loss solved by
Newton's method in that parametrization (and by scipy's L-BFGS as a cross-check); the covariance mapped to the
centred ratings by the centring matrix; per-unit sums by explicit grouping. PPI++ as ppi_py writes it
(ppi_logistic_pointestimate, _logistic_get_stats, ppi_logistic_ci, _calc_lam_glm): the fit at λ = 1, λ̂ from the
gradients there, clipped to [0, 1], the fit at λ̂, Σ = H⁻¹ (V_Δ + (n/N) V_f) H⁻¹ / n with H over all rows (the
expert rows only at λ = 0), np.cov for V. With every battle its own unit, the per-unit form the TypeScript uses is
checked to equal ppi_py's np.cov form; ppi_py's own λ̂ formula (pooled variance of the judge's gradients, trace over
every coefficient of the reference parametrization) is written down beside ours for comparison.
"""
import json, math, os
import numpy as np
from scipy.optimize import minimize

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fixtures")
LN10 = math.log(10)
Z95 = 1.959963984540054
KEYS = ["items", "items_per_day", "km", "cost"]


def sigmoid(v):
    return 1 / (1 + np.exp(-v))


def label(w):
    return {"model_a": 1.0, "model_b": 0.0}.get(w, 0.5)


def flip(w):
    return {"model_a": "model_b", "model_b": "model_a"}.get(w, w)


def generate_files(rng):
    """Arena-like: every battle its own unit, lmarena's fields with an id; the judge on the same battles and on others."""
    models = ["claude-v1", "gpt-3.5-turbo", "gpt-4", "koala-13b", "vicuna-13b", "alpaca-13b"]
    strength = np.array([60.0, 20.0, 120.0, -40.0, 0.0, -90.0])
    bias = np.array([0.0, 40.0, 60.0, -20.0, 0.0, -40.0])  # the judge's own lean
    human, judge = [], []
    for k in range(400 + 3000):
        i, j = rng.choice(len(models), size=2, replace=False)
        pa = 1 / (1 + 10 ** ((strength[j] - strength[i]) / 400))
        pj = 1 / (1 + 10 ** ((strength[j] + bias[j] - strength[i] - bias[i]) / 400))
        u = rng.uniform()
        expert = "tie" if u < 0.3 else ("model_a" if rng.uniform() < pa else "model_b")
        if expert == "tie" and rng.uniform() < 0.3:
            expert = "both_bad"
        if rng.uniform() < 0.45:
            verdict = "tie" if expert == "both_bad" else expert
        else:
            verdict = "tie" if rng.uniform() < 0.25 else ("model_a" if rng.uniform() < pj else "model_b")
        bid = f"b{k:05d}"
        if k < 400:
            human.append({"id": bid, "model_a": models[i], "model_b": models[j], "winner": expert})
        # The judge's file may write a battle the other way round (its verdict then names the other side).
        if rng.uniform() < 0.3:
            judge.append({"id": bid, "model_a": models[j], "model_b": models[i], "winner": flip(verdict)})
        else:
            judge.append({"id": bid, "model_a": models[i], "model_b": models[j], "winner": verdict})
    order = rng.permutation(len(judge))
    return human, [judge[t] for t in order]


def generate_clustered(rng):
    """Queries of 4 battles with plan covariates; each battle decided by experts with probability 0.3."""
    models = ["Direct (GPT-4o)", "SFT (Qwen3-14B)", "RFT (Qwen3-14B)", "GRPO (Qwen3-14B)", "Direct (Qwen3-8B)"]
    strength = np.array([100.0, 0.0, 30.0, 60.0, -120.0])
    rows = []
    for q in range(300):
        shared = rng.uniform()
        for _ in range(4):
            i, j = rng.choice(len(models), size=2, replace=False)
            style = {}
            for m in (i, j):
                days = int(rng.integers(2, 6))
                items = days * int(rng.integers(3, 7))
                style[m] = {"items": items, "items_per_day": items / days, "km": float(rng.integers(20, 320)), "cost": float(rng.integers(200, 6200))}
            lean = (style[i]["items"] - style[j]["items"]) / (style[i]["items"] + style[j]["items"] + 1)
            pa = 1 / (1 + 10 ** ((strength[j] - strength[i]) / 400 - lean))
            u = shared if rng.uniform() < 0.5 else rng.uniform()
            expert = "tie" if u < 0.25 else ("model_a" if (u - 0.25) / 0.75 < pa else "model_b")
            if rng.uniform() < 0.5:
                verdict = expert
            else:
                verdict = "tie" if rng.uniform() < 0.2 else ("model_a" if rng.uniform() < 1 / (1 + 10 ** ((strength[j] - strength[i]) / 400 - 1.5 * lean)) else "model_b")
            rows.append({"query_id": f"q{q:03d}", "model_a": models[i], "model_b": models[j],
                         "expert": expert if rng.uniform() < 0.3 else None, "judge": verdict,
                         "style_a": style[i], "style_b": style[j]})
    return rows


def pair_files(human, judge):
    """The CLI's pairing: a judge battle whose id is an expert battle's rectifies (turned to its orientation), the others add."""
    by_id = {h["id"]: h for h in human}
    lab, unl = [], []
    verdict_on = {}
    for jb in judge:
        h = by_id.get(jb["id"])
        if h is None:
            unl.append({"a": jb["model_a"], "b": jb["model_b"], "yhat": label(jb["winner"]), "unit": jb["id"]})
        elif (jb["model_a"], jb["model_b"]) == (h["model_a"], h["model_b"]):
            verdict_on[jb["id"]] = label(jb["winner"])
        else:
            verdict_on[jb["id"]] = label(flip(jb["winner"]))
    for h in human:
        lab.append({"a": h["model_a"], "b": h["model_b"], "y": label(h["winner"]), "yhat": verdict_on[h["id"]], "unit": h["id"]})
    return lab, unl


class Problem:
    """Rows in the reference parametrization: X (ln 10 (e_a − e_b) without the first planner, then style), labels, units."""

    def __init__(self, lab, unl, style=False):
        self.names = sorted({r["a"] for r in lab + unl} | {r["b"] for r in lab + unl})
        self.p = len(self.names)
        idx = {m: k for k, m in enumerate(self.names)}
        rows = lab + unl
        Z = np.zeros((len(rows), self.p))
        Z[np.arange(len(rows)), [idx[r["a"]] for r in rows]] += LN10
        Z[np.arange(len(rows)), [idx[r["b"]] for r in rows]] -= LN10
        self.K = 0
        if style:
            sa = np.array([[r["style_a"][k] for k in KEYS] for r in rows], dtype=float)
            sb = np.array([[r["style_b"][k] for k in KEYS] for r in rows], dtype=float)
            diff = (sa - sb) / (sa + sb + 1)
            sd = diff.std(axis=0)
            keep = sd > 1e-12
            x = (diff[:, keep] - diff.mean(axis=0)[keep]) / sd[keep]
            self.K = x.shape[1]
            Z = np.hstack([Z, x])
        X = Z[:, 1:]  # the first planner's coefficient is 0
        n = len(lab)
        self.XL, self.XU = X[:n], X[n:]
        self.y = np.array([r["y"] for r in lab])
        self.yhat = np.array([r["yhat"] for r in lab])
        self.yhatU = np.array([r["yhat"] for r in unl])
        self.unitL = [r["unit"] for r in lab]
        self.unitU = [r["unit"] for r in unl]
        self.n, self.N = n, len(unl)
        # Reference coefficients → centred ratings (and the style coefficients unchanged).
        d = X.shape[1]
        E = np.zeros((self.p + self.K, d))
        E[1:, :] = np.eye(d)
        C = np.eye(self.p + self.K)
        C[: self.p, : self.p] -= 1 / self.p
        self.A = C @ E

    def grad_hess(self, t, lam):
        mL, mU = sigmoid(self.XL @ t), sigmoid(self.XU @ t)
        g = self.XL.T @ (mL - self.y) / self.n - lam * self.XL.T @ (mL - self.yhat) / self.n + lam * self.XU.T @ (mU - self.yhatU) / self.N
        H = (1 - lam) * (self.XL * (mL * (1 - mL))[:, None]).T @ self.XL / self.n + lam * (self.XU * (mU * (1 - mU))[:, None]).T @ self.XU / self.N
        return g, H

    def loss(self, t, lam):
        def l(X, y):
            e = X @ t
            return np.sum(-y * e + np.logaddexp(0, e))
        return l(self.XL, self.y) / self.n + lam * (l(self.XU, self.yhatU) / self.N - l(self.XL, self.yhat) / self.n)

    def fit(self, lam):
        t = np.zeros(self.XL.shape[1])
        for _ in range(100):
            g, H = self.grad_hess(t, lam)
            if np.linalg.norm(g) < 1e-14:
                break
            t -= np.linalg.solve(H, g)
        # Cross-check by scipy's L-BFGS (as ppi_py minimizes): the same optimum within its tolerance.
        s = minimize(lambda v: self.loss(v, lam), t + 0.01, jac=lambda v: self.grad_hess(v, lam)[0], method="L-BFGS-B", tol=1e-15, options={"ftol": 1e-15, "gtol": 1e-12, "maxiter": 10000})
        self.lbfgs_gap = max(getattr(self, "lbfgs_gap", 0), float(np.max(np.abs(400 * self.A[: self.p] @ (s.x - t)))))
        return t

    def stats(self, t, hessian_from_all):
        mL, mU = sigmoid(self.XL @ t), sigmoid(self.XU @ t)
        gY = self.XL * (mL - self.y)[:, None]
        gF = self.XL * (mL - self.yhat)[:, None]
        gU = self.XU * (mU - self.yhatU)[:, None]
        if hessian_from_all:
            H = ((self.XL * (mL * (1 - mL))[:, None]).T @ self.XL + (self.XU * (mU * (1 - mU))[:, None]).T @ self.XU) / (self.n + self.N)
        else:
            H = (self.XL * (mL * (1 - mL))[:, None]).T @ self.XL / self.n
        return gY, gF, gU, np.linalg.inv(H)

    def unit_parts(self, gY, gF, gU):
        """p_u, q_u by explicit grouping: each sample centred on its own mean, κ² = U/(U − 1) per sample."""
        UL, UU = sorted(set(self.unitL)), sorted(set(self.unitU))
        kL = math.sqrt(len(UL) / (len(UL) - 1)) / self.n
        kU = math.sqrt(len(UU) / (len(UU) - 1)) / self.N
        yb, fb, ub = gY.mean(axis=0), gF.mean(axis=0), gU.mean(axis=0)
        units = {}
        d = gY.shape[1]
        for k, u in enumerate(self.unitL):
            e = units.setdefault(u, [np.zeros(d), np.zeros(d), np.zeros(d), 0, 0])
            e[0] += gY[k]; e[1] += gF[k]; e[3] += 1
        for k, u in enumerate(self.unitU):
            e = units.setdefault(u, [np.zeros(d), np.zeros(d), np.zeros(d), 0, 0])
            e[2] += gU[k]; e[4] += 1
        P, Q = [], []
        for Y, F, U, nu, Nu in units.values():
            P.append(kL * (Y - nu * yb))
            Q.append(kL * (F - nu * fb) - kU * (U - Nu * ub))
        return np.array(P), np.array(Q)

    def lam_ours(self, t):
        gY, gF, gU, Hinv = self.stats(t, True)
        P, Q = self.unit_parts(gY, gF, gU)
        B = (self.A @ Hinv)[: self.p]  # centred ratings' rows
        Pb, Qb = P @ B.T, Q @ B.T
        return float(np.sum(Pb * Qb) / np.sum(Qb * Qb))

    def lam_ppi_py(self, t):
        """_calc_lam_glm as ppi_py writes it, on this reference parametrization."""
        gY, gF, gU, Hinv = self.stats(t, True)
        gc, hc = gY - gY.mean(axis=0), gF - gF.mean(axis=0)
        cov = (gc.T @ hc + hc.T @ gc) / self.n
        var = np.cov(np.concatenate([gF, gU]).T)
        return float(np.trace(Hinv @ cov @ Hinv) / (2 * (1 + self.n / self.N) * np.trace(Hinv @ var @ Hinv)))

    def sigma(self, t, lam):
        gY, gF, gU, Hinv = self.stats(t, lam != 0)
        P, Q = self.unit_parts(gY, gF, gU)
        Z = P - lam * Q
        S = Hinv @ (Z.T @ Z) @ Hinv
        if len(set(self.unitL)) == self.n and len(set(self.unitU)) == self.N:
            # Every battle its own unit: ppi_py's np.cov form, literally.
            var_unl = np.cov(lam * gU.T).reshape(S.shape)
            var = np.cov(gY.T - lam * gF.T).reshape(S.shape)
            S2 = Hinv @ (self.n / self.N * var_unl + var) @ Hinv / self.n
            assert np.max(np.abs(S - S2)) < 1e-12 * max(1.0, np.max(np.abs(S))), "per-unit form ≠ ppi_py's np.cov form"
        return self.A @ S @ self.A.T

    def report(self, t, lam):
        Sc = self.sigma(t, lam)
        theta = self.A @ t
        ratings = 400 * theta[: self.p] + 1000
        half = Z95 * 400 * np.sqrt(np.diag(Sc)[: self.p])
        out = {"ratings": dict(zip(self.names, ratings.tolist())),
               "ci95": {m: [r - h, r + h] for m, r, h in zip(self.names, ratings.tolist(), half.tolist())},
               "widths2": float(np.sum((2 * half) ** 2))}
        if self.K:
            out["style"] = [{"coefficient": float(theta[self.p + k]), "se": float(math.sqrt(Sc[self.p + k, self.p + k]))} for k in range(self.K)]
        return out


def solve(prob):
    start = prob.fit(1.0)
    lam_raw = prob.lam_ours(start)
    lam = min(1.0, max(0.0, lam_raw))
    t = prob.fit(lam)
    pp = prob.report(t, lam)
    ex = prob.report(prob.fit(0.0), 0.0)
    # ppi_py's λ̂ and the interval it would give (for docs/prediction-powered.md, not compared).
    lam_py = min(1.0, max(0.0, prob.lam_ppi_py(start)))
    pp_py = prob.report(prob.fit(lam_py), lam_py)
    return {
        "n": prob.n, "N": prob.N, "lambda": lam, "lambda_unclipped": lam_raw,
        "ratings": pp["ratings"], "ci95": pp["ci95"], "style": pp.get("style"),
        "experts_only": {"ratings": ex["ratings"], "ci95": ex["ci95"], "style": ex.get("style")},
        "effective_sample_ratio": ex["widths2"] / pp["widths2"],
        "ppi_py_lambda": lam_py, "ppi_py_effective_sample_ratio": ex["widths2"] / pp_py["widths2"],
        "lbfgs_max_gap_elo": prob.lbfgs_gap,
    }


rng = np.random.default_rng(20261128)
human, judge = generate_files(rng)
lab, unl = pair_files(human, judge)
files = solve(Problem(lab, unl))
fixed = Problem(lab, unl)
at_one = fixed.report(fixed.fit(1.0), 1.0)
clustered = generate_clustered(rng)
clab = [{"a": r["model_a"], "b": r["model_b"], "y": label(r["expert"]), "yhat": label(r["judge"]), "unit": r["query_id"], "style_a": r["style_a"], "style_b": r["style_b"]} for r in clustered if r["expert"] is not None]
cunl = [{"a": r["model_a"], "b": r["model_b"], "yhat": label(r["judge"]), "unit": r["query_id"], "style_a": r["style_a"], "style_b": r["style_b"]} for r in clustered if r["expert"] is None]
# The TypeScript design standardizes the covariates over its rows in set order (expert rows first): same here.
style_case = solve(Problem(clab, cunl, style=True))
plain_case = solve(Problem(clab, cunl, style=False))

os.makedirs(OUT, exist_ok=True)
with open(os.path.join(OUT, "ppi-human.jsonl"), "w") as f:
    for h in human:
        f.write(json.dumps(h) + "\n")
with open(os.path.join(OUT, "ppi-judge.jsonl"), "w") as f:
    for j in judge:
        f.write(json.dumps(j) + "\n")
with open(os.path.join(OUT, "ppi-clustered.jsonl"), "w") as f:
    for r in clustered:
        f.write(json.dumps(r) + "\n")
with open(os.path.join(OUT, "ppi-reference.json"), "w") as f:
    json.dump({"source": "lib/results/leaderboard/reference-ppi.py (numpy %s, scipy %s)" % (np.__version__, __import__("scipy").__version__),
               "files": files, "files_lambda_1": {"ratings": at_one["ratings"], "ci95": at_one["ci95"]},
               "clustered": plain_case, "clustered_style": style_case}, f, indent=1)
for name, c in [("files", files), ("clustered", plain_case), ("clustered_style", style_case)]:
    print(name, "n", c["n"], "N", c["N"], "λ̂", round(c["lambda"], 4), "(ppi_py's formula", round(c["ppi_py_lambda"], 4), ") ESS", round(c["effective_sample_ratio"], 4),
          "(at ppi_py's λ̂", round(c["ppi_py_effective_sample_ratio"], 4), ") L-BFGS gap", c["lbfgs_max_gap_elo"])
