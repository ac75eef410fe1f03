#!/usr/bin/env python3
"""
Independent reference values for lib/results/leaderboard/ (run with Debian's python3: numpy, scipy, statsmodels,
scikit-learn, pandas). Writes fixtures/battles.jsonl and fixtures/reference.json; the TypeScript tests
compare against them. Re-run only to regenerate: /usr/bin/python3 lib/results/leaderboard/reference.py

Ratings: FastChat's definition of compute_mle_elo (pivot tables; a win counts 2, a tie 1 for each side;
logistic regression on ±ln 10 without intercept or penalty; 400·coef + 1000), solved two ways:
scikit-learn's LogisticRegression at a tight tolerance, and a direct Newton solve of the same likelihood.
"""
import json, math, os, sys
import numpy as np
import pandas as pd
from scipy.stats import binomtest
from sklearn.linear_model import LogisticRegression
from statsmodels.stats.proportion import proportion_confint

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fixtures")
rng = np.random.default_rng(20261123)

# Planners named after TripScore's Table 3 rows; strengths planted on the Elo scale.
MODELS = ["Direct (GPT-4o)", "Direct (Qwen3-14B)", "SFT (Qwen3-14B)", "RFT (Qwen3-14B)", "GRPO (Qwen3-14B)", "Direct (Qwen3-8B)"]
STRENGTH = np.array([120.0, -60.0, 20.0, 60.0, 90.0, -150.0])
battles = []
for q in range(140):
    pairs = rng.choice(len(MODELS), size=(2, 2), replace=True)
    for (i, j) in pairs:
        if i == j:
            continue
        style = {m: {"items": int(rng.integers(8, 30)), "items_per_day": 0.0, "km": float(np.round(rng.uniform(5, 90), 2)), "cost": float(np.round(rng.uniform(800, 6000), 1))} for m in (i, j)}
        for m in (i, j):
            style[m]["items_per_day"] = style[m]["items"] / 3
        # A longer plan is favoured a little (so style control has something to find).
        d = (STRENGTH[i] - STRENGTH[j]) / 400 * math.log(10) + 0.4 * (style[i]["items"] - style[j]["items"]) / 10
        for _ in range(3):
            u = rng.uniform()
            p_a = 1 / (1 + math.exp(-d))
            tie = 0.18
            winner = "tie" if u < tie else ("model_a" if rng.uniform() < p_a else "model_b")
            if winner == "tie" and rng.uniform() < 0.3:
                winner = "tie (bothbad)"
            battles.append({"model_a": MODELS[i], "model_b": MODELS[j], "winner": winner, "query_id": f"q{q:03d}",
                            "left": "model_a" if rng.uniform() < 0.55 else "model_b", "style_a": style[i], "style_b": style[j]})

df = pd.DataFrame(battles)

def credit_table(df):
    names = sorted(set(df.model_a) | set(df.model_b))
    idx = {m: k for k, m in enumerate(names)}
    W = np.zeros((len(names), len(names)))
    for a, b, w in zip(df.model_a, df.model_b, df.winner):
        if w == "model_a":
            W[idx[a], idx[b]] += 2
        elif w == "model_b":
            W[idx[b], idx[a]] += 2
        else:
            W[idx[a], idx[b]] += 1
            W[idx[b], idx[a]] += 1
    return names, W

def mle_elo_sklearn(df):
    """FastChat's compute_mle_elo, without its regularization-free default tolerance (1e-6 → 1e-12)."""
    ptbl_a_win = pd.pivot_table(df[df["winner"] == "model_a"], index="model_a", columns="model_b", aggfunc="size", fill_value=0)
    tie = df[df["winner"].isin(["tie", "tie (bothbad)"])]
    ptbl_tie = pd.pivot_table(tie, index="model_a", columns="model_b", aggfunc="size", fill_value=0)
    ptbl_tie = ptbl_tie + ptbl_tie.T
    ptbl_b_win = pd.pivot_table(df[df["winner"] == "model_b"], index="model_a", columns="model_b", aggfunc="size", fill_value=0)
    ptbl_win = ptbl_a_win * 2 + ptbl_b_win.T * 2 + ptbl_tie
    models = pd.Series(np.arange(len(ptbl_win.index)), index=ptbl_win.index)
    p = len(models)
    X = np.zeros([p * (p - 1) * 2, p]); Y = np.zeros(p * (p - 1) * 2); wts = []
    row = 0
    for a in ptbl_win.index:
        for b in ptbl_win.columns:
            if a == b or math.isnan(ptbl_win.loc[a, b]) or math.isnan(ptbl_win.loc[b, a]):
                continue
            X[row, models[a]] = math.log(10); X[row, models[b]] = -math.log(10); Y[row] = 1.0; wts.append(ptbl_win.loc[a, b])
            X[row + 1, models[a]] = math.log(10); X[row + 1, models[b]] = -math.log(10); Y[row + 1] = 0.0; wts.append(ptbl_win.loc[b, a])
            row += 2
    lr = LogisticRegression(fit_intercept=False, penalty=None, tol=1e-12, max_iter=100000)
    lr.fit(X[:row], Y[:row], sample_weight=wts)
    return dict(zip(models.index, 400 * lr.coef_[0] + 1000))

def mle_elo_newton(names, W):
    """Direct maximum likelihood of the same model by Newton's method, mean rating 1000."""
    p = len(names); beta = np.zeros(p); c = math.log(10)
    for _ in range(200):
        g = np.zeros(p); H = np.zeros((p, p))
        for i in range(p):
            for j in range(p):
                if i == j or W[i, j] == 0:
                    continue
                s = 1 / (1 + math.exp(-c * (beta[i] - beta[j])))
                g[i] -= c * W[i, j] * (1 - s); g[j] += c * W[i, j] * (1 - s)
                h = c * c * W[i, j] * s * (1 - s)
                H[i, i] += h; H[j, j] += h; H[i, j] -= h; H[j, i] -= h
        if np.linalg.norm(g) < 1e-12:
            break
        beta -= np.linalg.solve(H + np.ones((p, p)), g)
        beta -= beta.mean()
    return {m: 400 * b + 1000 for m, b in zip(names, beta)}, float(np.linalg.norm(g))

def style_newton(df):
    """Style-controlled BT (FastChat's construct_style_matrices: (a − b)/(a + b + 1), standardized), no penalty."""
    names = sorted(set(df.model_a) | set(df.model_b)); idx = {m: k for k, m in enumerate(names)}
    keys = ["items", "items_per_day", "km", "cost"]
    sa = np.array([[s[k] for k in keys] for s in df.style_a], dtype=float)
    sb = np.array([[s[k] for k in keys] for s in df.style_b], dtype=float)
    diff = (sa - sb) / (sa + sb + 1)
    x = (diff - diff.mean(axis=0)) / diff.std(axis=0)
    p = len(names); K = len(keys); c = math.log(10)
    ia = np.array([idx[m] for m in df.model_a]); ib = np.array([idx[m] for m in df.model_b])
    wA = np.where(df.winner == "model_a", 2.0, np.where(df.winner == "model_b", 0.0, 1.0)); wB = 2.0 - wA
    Z = np.zeros((len(df), p + K)); Z[np.arange(len(df)), ia] += c; Z[np.arange(len(df)), ib] -= c; Z[:, p:] = x
    theta = np.zeros(p + K)
    for _ in range(200):
        s = 1 / (1 + np.exp(-(Z @ theta)))
        g = -Z.T @ (wA - (wA + wB) * s)
        H = (Z * ((wA + wB) * s * (1 - s))[:, None]).T @ Z
        H[:p, :p] += 1
        if np.linalg.norm(g) < 1e-11:
            break
        theta -= np.linalg.solve(H, g)
        theta[:p] -= theta[:p].mean()
    # scikit-learn on FastChat's duplicated rows (a win → two rows of 1; a tie → one row of each), as a cross-check.
    X2 = np.vstack([Z, Z]); Y2 = np.concatenate([(wA >= 1).astype(float), (wA >= 2).astype(float)])
    lr = LogisticRegression(fit_intercept=False, penalty=None, tol=1e-12, max_iter=100000).fit(X2, Y2)
    skl = 400 * (lr.coef_[0][:p] - lr.coef_[0][:p].mean()) + 1000
    return ({m: 400 * b + 1000 for m, b in zip(names, theta[:p])}, theta[p:].tolist(),
            {m: float(v) for m, v in zip(names, skl)}, lr.coef_[0][p:].tolist())

names, W = credit_table(df)
newton, gnorm = mle_elo_newton(names, W)
sk = mle_elo_sklearn(df)

pairs = []
for i, a in enumerate(names):
    for b in names[i + 1:]:
        sub = df[((df.model_a == a) & (df.model_b == b)) | ((df.model_a == b) & (df.model_b == a))]
        if len(sub) == 0:
            continue
        wa = int((((sub.model_a == a) & (sub.winner == "model_a")) | ((sub.model_b == a) & (sub.winner == "model_b"))).sum())
        wb = int((((sub.model_a == b) & (sub.winner == "model_a")) | ((sub.model_b == b) & (sub.winner == "model_b"))).sum())
        ties = len(sub) - wa - wb
        lo, hi = proportion_confint(wa + ties / 2, len(sub), alpha=0.05, method="wilson")
        pv = binomtest(wa, wa + wb, 0.5).pvalue if wa + wb > 0 else 1.0
        pairs.append({"model_a": a, "model_b": b, "n": len(sub), "wins_a": wa, "wins_b": wb, "ties": ties, "share_a": (wa + ties / 2) / len(sub), "ci95": [lo, hi], "p_value": pv})

# Wilson and the exact test over a spread of counts, large n and fractional counts included.
proportions = []
for count, n in [(0, 1), (1, 1), (3, 10), (7.5, 10), (50, 100), (0, 37), (37, 37), (612.5, 1468), (41, 1000), (4999, 10000), (51234, 100000), (99, 100000)]:
    lo, hi = proportion_confint(count, n, alpha=0.05, method="wilson")
    proportions.append({"count": count, "n": n, "ci95": [lo, hi]})
tests = []
for k, n in [(0, 1), (1, 2), (3, 10), (5, 10), (7, 10), (0, 37), (12, 40), (60, 100), (41, 100), (520, 1000), (4950, 10000), (50400, 100000), (49700, 100000), (3, 1000)]:
    tests.append({"k": k, "n": n, "p_value": binomtest(k, n, 0.5).pvalue})

style_ratings, style_coef, skl_style, skl_coef = style_newton(df)

os.makedirs(OUT, exist_ok=True)
with open(os.path.join(OUT, "battles.jsonl"), "w") as f:
    for b in battles:
        f.write(json.dumps(b) + "\n")
with open(os.path.join(OUT, "reference.json"), "w") as f:
    json.dump({
        "source": "lib/results/leaderboard/reference.py (numpy %s, scipy, statsmodels, scikit-learn %s, pandas %s)" % (np.__version__, __import__("sklearn").__version__, pd.__version__),
        "ratings_newton": newton, "newton_gradient_norm": gnorm, "ratings_sklearn": sk,
        "pairs": pairs, "proportions": proportions, "binomial_tests": tests,
        "style": {"ratings": style_ratings, "coefficients": style_coef, "ratings_sklearn": skl_style, "coefficients_sklearn": skl_coef},
    }, f, indent=1)
print("battles", len(battles), "gradient", gnorm)
print("max |newton - sklearn| Elo:", max(abs(newton[m] - sk[m]) for m in names))
