#!/usr/bin/env python3
"""
The baseline of bench/leaderboard.ts: FastChat's compute_mle_elo construction (pandas pivot tables,
scikit-learn's LogisticRegression at FastChat's tolerance 1e-6) and its bootstrap (battles.sample with
replacement, a fit per replicate) on the same battles. Written from FastChat's definition; prints JSON.
Usage: python3 bench/fastchat-baseline.py BATTLES.jsonl REPLICATES
"""
import json, math, sys, time
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression

def compute_mle_elo(df, SCALE=400, BASE=10, INIT_RATING=1000):
    ptbl_a_win = pd.pivot_table(df[df["winner"] == "model_a"], index="model_a", columns="model_b", aggfunc="size", fill_value=0)
    ties = df[df["winner"].isin(["tie", "tie (bothbad)"])]
    if len(ties) == 0:
        ptbl_tie = pd.DataFrame(0, index=ptbl_a_win.index, columns=ptbl_a_win.columns)
    else:
        ptbl_tie = pd.pivot_table(ties, index="model_a", columns="model_b", aggfunc="size", fill_value=0)
        ptbl_tie = ptbl_tie + ptbl_tie.T
    ptbl_b_win = pd.pivot_table(df[df["winner"] == "model_b"], index="model_a", columns="model_b", aggfunc="size", fill_value=0)
    ptbl_win = ptbl_a_win * 2 + ptbl_b_win.T * 2 + ptbl_tie
    models = pd.Series(np.arange(len(ptbl_win.index)), index=ptbl_win.index)
    p = len(models)
    X = np.zeros([p * (p - 1) * 2, p]); Y = np.zeros(p * (p - 1) * 2); w = []
    row = 0
    for a in ptbl_win.index:
        for b in ptbl_win.columns:
            if a == b or math.isnan(ptbl_win.loc[a, b]) or math.isnan(ptbl_win.loc[b, a]):
                continue
            X[row, models[a]] = math.log(BASE); X[row, models[b]] = -math.log(BASE); Y[row] = 1.0; w.append(ptbl_win.loc[a, b])
            X[row + 1, models[a]] = math.log(BASE); X[row + 1, models[b]] = -math.log(BASE); Y[row + 1] = 0.0; w.append(ptbl_win.loc[b, a])
            row += 2
    lr = LogisticRegression(fit_intercept=False, penalty=None, tol=1e-6)
    lr.fit(X[:row], Y[:row], sample_weight=w)
    return pd.Series(SCALE * lr.coef_[0] + INIT_RATING, index=models.index)

df = pd.read_json(sys.argv[1], lines=True)
replicates = int(sys.argv[2])
t = time.perf_counter(); ratings = compute_mle_elo(df); fit_s = time.perf_counter() - t
np.random.seed(42)
t = time.perf_counter()
for _ in range(replicates):
    compute_mle_elo(df.sample(frac=1.0, replace=True))
boot_s = time.perf_counter() - t
print(json.dumps({"ratings_s": fit_s, "bootstrap_s": boot_s, "replicates": replicates, "ratings": ratings.to_dict()}))
