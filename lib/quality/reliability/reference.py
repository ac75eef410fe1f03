"""Reference values for lib/quality/reliability/ (Dawid-Skene, MACE), written independently with numpy from the
definitions of crowd-kit's DawidSkene and MACE (method "vb"), with the deterministic start and stopping rules
documented in dawid-skene.ts and mace.ts. Run: python3 lib/quality/reliability/reference.py (numpy, scipy)
(--snow: the reference of fixtures/snow-rte instead)
Writes fixtures/ratings.jsonl (seeded) and fixtures/reference.json."""
import json, os
import numpy as np
from scipy.special import digamma

HERE = os.path.dirname(os.path.abspath(__file__))
LABELS = ["A", "B", "NEITHER"]
K = 3

def make_ratings():
    rng = np.random.default_rng(20261123)
    truth = rng.choice(K, size=80, p=[0.45, 0.4, 0.15])
    # Eight raters: five good, one biased towards A, one who never says NEITHER, one random.
    acc = [0.9, 0.85, 0.8, 0.8, 0.75]
    rows = []
    for i, t in enumerate(truth):
        raters = rng.choice(8, size=int(rng.integers(2, 5)), replace=False)
        for w in sorted(raters):
            if w < 5:
                lab = t if rng.random() < acc[w] else rng.choice([c for c in range(K) if c != t])
            elif w == 5:
                lab = 0 if rng.random() < 0.5 else t
            elif w == 6:
                lab = t if (t != 2 and rng.random() < 0.8) else rng.choice([0, 1])
            else:
                lab = rng.integers(0, K)
            rows.append({"item": f"p{i:03d}", "rater": f"r{w}", "label": LABELS[int(lab)]})
    order = rng.permutation(len(rows))
    return [rows[j] for j in order]

def index(rows):
    items, raters = {}, {}
    it, wr, lb = [], [], []
    for r in rows:
        it.append(items.setdefault(r["item"], len(items)))
        wr.append(raters.setdefault(r["rater"], len(raters)))
        lb.append(LABELS.index(r["label"]))
    return list(items), list(raters), np.array(it), np.array(wr), np.array(lb)

def dawid_skene(I, W, it, wr, lb, tol=1e-8, max_iter=1000):
    probas = np.zeros((I, K))
    np.add.at(probas, (it, lb), 1.0)
    probas /= probas.sum(axis=1, keepdims=True)
    used = np.zeros((W, K), bool); used[wr, lb] = True
    def m_step(p):
        e = np.zeros((W, K, K))
        np.add.at(e, (wr, lb), p[it])
        e = np.where(used[:, :, None], np.maximum(e, 1e-10), 0.0)
        return e / e.sum(axis=1, keepdims=True)
    def e_step(pri, e):
        ll = np.tile(np.log2(pri), (I, 1))
        np.add.at(ll, it, np.log2(e[wr, lb]))
        s = np.exp2(ll - ll.max(axis=1, keepdims=True))
        return s / s.sum(axis=1, keepdims=True)
    def xlog(x, y):
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(x == 0, 0.0, x * np.log(y))
    priors = probas.mean(axis=0); errors = m_step(probas)
    loss = -np.inf; n = 0; conv = False
    while n < max_iter:
        n += 1
        probas = e_step(priors, errors); priors = probas.mean(axis=0); errors = m_step(probas)
        elbo = xlog(probas[it], errors[wr, lb]).sum() + xlog(probas[it], priors[None, :]).sum() - xlog(probas, probas).sum()
        new = elbo / len(it)
        if new - loss < tol:
            conv = True; break
        loss = new
    acc = np.array([sum(priors[c] * errors[w, c, c] for c in range(K)) for w in range(W)])
    return probas, priors, acc, n, errors

def mace(I, W, it, wr, lb, tol=1e-7, max_iter=1000):
    s0 = np.full(W, 0.5); s1 = np.full(W, 0.5); th = np.full((W, K), 1 / K)
    onehot = np.eye(K)[lb]  # rating x true-label indicator of c == l
    def e_step():
        f = s0[wr, None] * th[wr, lb][:, None] + s1[wr, None] * onehot  # rating x c
        lg = np.zeros((I, K)); np.add.at(lg, it, np.log(f))
        g = np.exp(lg - lg.max(axis=1, keepdims=True)); inst = g.sum(axis=1)
        base = s0[wr] * th[wr, lb]
        spamming = (g[it] / f).sum(axis=1) * base / inst[it]
        strat = np.zeros((W, K)); np.add.at(strat, (wr, lb), spamming)
        k0 = np.zeros(W); np.add.at(k0, wr, spamming)
        k1 = np.zeros(W); np.add.at(k1, wr, g[it, lb] * s1[wr] / (base + s1[wr]) / inst[it])
        return g, inst, strat, k0, k1
    g, inst, strat, k0, k1 = e_step(); n = 0; conv = False
    while n < max_iter:
        n += 1
        norm = np.exp(digamma(k0 + 0.5 + k1 + 0.5))
        n0 = np.exp(digamma(k0 + 0.5)) / norm; n1 = np.exp(digamma(k1 + 0.5)) / norm
        nt = np.exp(digamma(strat + 10)) / np.exp(digamma((strat + 10).sum(axis=1)))[:, None]
        moved = max(np.abs(n0 - s0).max(), np.abs(n1 - s1).max(), np.abs(nt - th).max())
        s0, s1, th = n0, n1, nt
        g, inst, strat, k0, k1 = e_step()
        if moved < tol:
            conv = True; break
    return g / inst[:, None], s0 / (s0 + s1), n

import sys, time
if len(sys.argv) == 3 and sys.argv[1] == "--bench":
    # bench/reliability.ts: the same models on a large ratings file, timed.
    with open(sys.argv[2]) as f:
        rows = [json.loads(l) for l in f if l.strip()]
    items, raters, it, wr, lb = index(rows)
    t0 = time.perf_counter(); _, _, _, n, _ = dawid_skene(len(items), len(raters), it, wr, lb); t1 = time.perf_counter()
    _, _, mn = mace(len(items), len(raters), it, wr, lb); t2 = time.perf_counter()
    print(json.dumps({"ds_seconds": t1 - t0, "ds_iterations": n, "mace_seconds": t2 - t1, "mace_iterations": mn}))
    sys.exit(0)

if len(sys.argv) == 2 and sys.argv[1] == "--snow":
    # fixtures/snow-rte: Snow et al.'s RTE labels, fitted over the binary label set and over A/B/NEITHER.
    snow = os.path.join(HERE, "fixtures", "snow-rte")
    with open(os.path.join(snow, "ratings.jsonl")) as f:
        rows = [json.loads(l) for l in f if l.strip()]
    out = {}
    for labels in (["A", "B"], ["A", "B", "NEITHER"]):
        LABELS, K = labels, len(labels)
        items, raters, it, wr, lb = index(rows)
        p, pri, acc, n, errs = dawid_skene(len(items), len(raters), it, wr, lb)
        mp, spam, mn = mace(len(items), len(raters), it, wr, lb)
        out[",".join(labels)] = {
            "ds_posterior": {items[i]: p[i].tolist() for i in range(len(items))},
            "ds_confusion": {raters[w]: errs[w].T.tolist() for w in range(len(raters))},
            "mace_posterior": {items[i]: mp[i].tolist() for i in range(len(items))},
            "mace_spam": dict(zip(raters, spam.tolist())),
        }
    with open(os.path.join(snow, "reference.json"), "w") as f:
        json.dump(out, f)
    moved = max(abs(out["A,B"]["mace_spam"][r] - out["A,B,NEITHER"]["mace_spam"][r]) for r in out["A,B"]["mace_spam"])
    print("largest change of a MACE spam estimate with NEITHER added:", round(moved, 3))
    sys.exit(0)

rows = make_ratings()
with open(os.path.join(HERE, "fixtures", "ratings.jsonl"), "w") as f:
    for r in rows: f.write(json.dumps(r) + "\n")
items, raters, it, wr, lb = index(rows)
p, pri, acc, n, errs = dawid_skene(len(items), len(raters), it, wr, lb)
mp, spam, mn = mace(len(items), len(raters), it, wr, lb)
out = {
    "labels": LABELS,
    "dawid_skene": {"iterations": n, "priors": pri.tolist(), "accuracy": dict(zip(raters, acc.tolist())),
                     "posterior": {items[i]: p[i].tolist() for i in range(len(items))},
                     # confusion[rater][true][given] = P(given | true), as crowd-kit's errors_ (transposed)
                     "confusion": {raters[w]: errs[w].T.tolist() for w in range(len(raters))}},
    "mace": {"iterations": mn, "spam": dict(zip(raters, spam.tolist())),
             "posterior": {items[i]: mp[i].tolist() for i in range(len(items))}},
}
with open(os.path.join(HERE, "fixtures", "reference.json"), "w") as f:
    json.dump(out, f, indent=1)
print("DS iterations", n, "MACE iterations", mn, "spam", {r: round(s, 3) for r, s in zip(raters, spam)}, "ds acc", {r: round(a, 3) for r, a in zip(raters, acc)})
