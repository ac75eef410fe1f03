#!/usr/bin/env python3
"""
Independent reference values for lib/results/leaderboard/informative.ts and replay.ts (Debian's python3: numpy). Reads
fixtures/battles.jsonl (reference.py's battles) and writes fixtures/replay-reference.json; informative.test.ts and
replay.test.ts compare. Re-run only to regenerate: /usr/bin/python3 lib/results/leaderboard/replay_reference.py

A-optimal scores are computed by brute force: for each candidate pair, the Hessian H and the scores' outer
products Omega with one more expected battle added, pseudo-inverted (numpy.linalg.pinv: ratings centred on their
mean), and the trace of the new sandwich covariance pinv(H) Omega pinv(H) subtracted from the old one (Elo points
squared). The TypeScript computes them in closed form (Sherman-Morrison) and updates its matrices by rank one.
The replays mirror replay.ts step for step (the same mulberry32 streams, the same pools), with an independent
Newton fit and these brute-force scores, so the battles drawn must match exactly.
"""
import json, math, os
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
C = math.log(10)
Z95 = 1.959963984540054


def mulberry32(seed):
    a = seed & 0xFFFFFFFF

    def rnd():
        nonlocal a
        a = (a + 0x6D2B79F5) & 0xFFFFFFFF
        t = a
        t = ((t ^ (t >> 15)) * (t | 1)) & 0xFFFFFFFF
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296

    return rnd


def read_log(path):
    names, rows = {}, []
    with open(path) as f:
        for pos, line in enumerate(f):
            if not line.strip():
                continue
            b = json.loads(line)
            if b.get("anony") is False or b["model_a"] == b["model_b"]:
                continue
            for m in (b["model_a"], b["model_b"]):
                names.setdefault(m, len(names))
            credit = 2 if b["winner"] == "model_a" else 0 if b["winner"] == "model_b" else 1
            rows.append((names[b["model_a"]], names[b["model_b"]], credit, pos))
    return list(names), rows


class Tally:
    def __init__(self, p):
        self.p = p
        self.n = np.zeros((p, p))
        self.credit = np.zeros((p, p))
        self.sq = np.zeros((p, p))

    def add(self, a, b, credit_a):
        i, j, c = (a, b, credit_a) if a < b else (b, a, 2 - credit_a)
        self.n[i, j] += 1
        self.credit[i, j] += c
        self.sq[i, j] += c * c


def fit(t):
    """Credits BT by Newton's method (all planners connected here), ratings mean 0."""
    p = t.p
    beta = np.zeros(p)
    for _ in range(200):
        g = np.zeros(p)
        H = np.zeros((p, p))
        for i in range(p):
            for j in range(i + 1, p):
                n = t.n[i, j]
                if not n:
                    continue
                s = 1 / (1 + math.exp(-C * (beta[i] - beta[j])))
                r = t.credit[i, j] - 2 * n * s
                g[i] -= C * r
                g[j] += C * r
                h = 2 * n * C * C * s * (1 - s)
                H[i, i] += h; H[j, j] += h; H[i, j] -= h; H[j, i] -= h
        if np.linalg.norm(g) < 1e-11:
            break
        beta -= np.linalg.solve(H + np.ones((p, p)), g)
        beta -= beta.mean()
    return beta


def matrices(t, beta, kind):
    """H, Omega (observed) and rho at beta; Fisher: Omega = 2H, rho = 1."""
    p = t.p
    H = np.zeros((p, p)); Om = np.zeros((p, p))
    squares = expected = 0.0
    for i in range(p):
        for j in range(i + 1, p):
            n = t.n[i, j]
            if not n:
                continue
            s = 1 / (1 + math.exp(-C * (beta[i] - beta[j])))
            r2 = max(0.0, t.sq[i, j] - 4 * s * t.credit[i, j] + 4 * s * s * n)
            x = np.zeros(p); x[i] = 1; x[j] = -1
            H += 2 * n * C * C * s * (1 - s) * np.outer(x, x)
            Om += C * C * r2 * np.outer(x, x)
            squares += r2
            expected += 4 * n * s * (1 - s)
    if kind == "fisher":
        return H, 2 * H, 1.0
    return H, Om, squares / expected


def covariance(H, Om):
    G = np.linalg.pinv(H)
    return G @ Om @ G


class Design:
    """The design at a fixed fit; assume() adds a battle's expected H and Omega."""

    def __init__(self, t, beta, kind):
        self.beta, self.kind = beta, kind
        self.H, self.Om, self.rho = matrices(t, beta, kind)

    def terms(self, a, b):
        p = len(self.beta)
        s = 1 / (1 + math.exp(-C * (self.beta[a] - self.beta[b])))
        x = np.zeros(p); x[a] = 1; x[b] = -1
        h = 2 * C * C * s * (1 - s)
        w = C * C * self.rho * 4 * s * (1 - s)
        return np.outer(x, x), h, w

    def score(self, a, b):
        xx, h, w = self.terms(a, b)
        before = np.trace(covariance(self.H, self.Om))
        after = np.trace(covariance(self.H + h * xx, self.Om + w * xx))
        return 400 * 400 * (before - after)

    def assume(self, a, b):
        xx, h, w = self.terms(a, b)
        self.H = self.H + h * xx
        self.Om = self.Om + w * xx


class Pool:
    """replay.ts's Pool: pairs in order of i*p + j, swap-removal from each pair's battles and from all of them."""

    def __init__(self, p, rows):
        key = lambda k: min(rows[k][0], rows[k][1]) * p + max(rows[k][0], rows[k][1])
        keys = sorted({key(k) for k in range(len(rows))})
        compact = {x: i for i, x in enumerate(keys)}
        self.lo = [x // p for x in keys]; self.hi = [x % p for x in keys]
        self.pair_of = [compact[key(k)] for k in range(len(rows))]
        self.items = [[] for _ in keys]
        for k in range(len(rows)):
            self.items[self.pair_of[k]].append(k)
        self.where_item = {}
        for seg in self.items:
            for i, k in enumerate(seg):
                self.where_item[k] = i
        self.left = [len(seg) for seg in self.items]
        self.all = list(range(len(rows))); self.where_all = list(range(len(rows))); self.all_left = len(rows)

    def remove(self, k):
        i = self.where_all[k]; self.all_left -= 1; last = self.all[self.all_left]
        self.all[i] = last; self.where_all[last] = i
        pr = self.pair_of[k]; seg = self.items[pr]; j = self.where_item[k]
        self.left[pr] -= 1; last = seg[self.left[pr]]
        seg[j] = last; self.where_item[last] = j

    def from_pair(self, pr, rnd):
        k = self.items[pr][math.floor(rnd() * self.left[pr])]
        self.remove(k)
        return k

    def from_all(self, rnd, need):
        if need > 1 and not any(x >= need for x in self.left):
            return -1
        while True:
            if self.all_left == 0:
                return -1
            k = self.all[math.floor(rnd() * self.all_left)]
            if self.left[self.pair_of[k]] < need:
                continue
            self.remove(k)
            return k

    def nth_available(self, k, need):
        for i, x in enumerate(self.left):
            if x >= need:
                if k == 0:
                    return i
                k -= 1
        return -1


def measure(t, votes, reference):
    beta = fit(t)
    H, Om, _ = matrices(t, beta, "sandwich")
    half = Z95 * 400 * np.sqrt(np.maximum(np.diag(covariance(H, Om)), 0))
    p = t.p
    agree = sum(1 for i in range(p) for j in range(i + 1, p)
                if np.sign(beta[i] - beta[j]) == np.sign(reference[i] - reference[j]))
    return {"votes": votes, "widest": float(half.max()), "median": float(np.median(half)),
            "rms": float(np.sqrt(np.mean(half ** 2))),
            "coverage": float(np.mean(np.abs(400 * (beta - reference)) <= half)),
            "order_agreement": agree / (p * (p - 1) / 2)}


def replay(p, rows, reference, policy, budget, warmup, seed, checkpoints, exploration=0.1, refit=100, raters=1, kind="sandwich"):
    pool = Pool(p, rows); t = Tally(p)
    warm = mulberry32(seed); rnd = mulberry32((seed + 0x9E3779B9) & 0xFFFFFFFF)
    trace, cps = [], []
    state = {"votes": 0, "since": 0, "next": 0}
    credit = lambda k: rows[k][2] if rows[k][0] < rows[k][1] else 2 - rows[k][2]

    def label(pr, first, r):
        drawn = [first]
        while len(drawn) < raters:
            drawn.append(pool.from_pair(pr, r))
        trace.extend(rows[k][3] for k in drawn)
        total = sum(credit(k) for k in drawn)
        c = total if raters == 1 else 2 if total > raters else 0 if total < raters else 1
        t.add(pool.lo[pr], pool.hi[pr], c)
        state["votes"] += raters; state["since"] += 1

    def record():
        while state["next"] < len(checkpoints) and state["votes"] + raters > checkpoints[state["next"]]:
            m = measure(t, state["votes"], reference)
            if raters != 1:
                m["coverage"] = None
            cps.append(m); state["next"] += 1

    while state["votes"] + raters <= warmup:
        record()
        k = pool.from_all(warm, raters)
        if k < 0:
            break
        label(pool.pair_of[k], k, warm)
    design, need_fit = None, True
    while state["votes"] + raters <= budget:
        record()
        pr = first = -1
        if policy == "as-logged":
            first = pool.from_all(rnd, raters)
            if first >= 0:
                pr = pool.pair_of[first]
        else:
            if policy == "balanced" or rnd() < exploration:
                n = sum(1 for x in pool.left if x >= raters)
                if n > 0:
                    pr = pool.nth_available(math.floor(rnd() * n), raters)
            else:
                if need_fit or state["since"] >= refit or design is None:
                    design = Design(t, fit(t), kind); state["since"] = 0; need_fit = False
                best = -math.inf
                for i in range(len(pool.left)):
                    if pool.left[i] < raters:
                        continue
                    s = design.score(pool.lo[i], pool.hi[i])
                    if s > best:
                        best, pr = s, i
                design.assume(pool.lo[pr], pool.hi[pr])
            if pr >= 0:
                first = pool.from_pair(pr, rnd)
        if pr < 0:
            break
        label(pr, first, rnd)
    record()
    return {"trace": trace, "measured": cps}


def main():
    models, rows = read_log(os.path.join(HERE, "fixtures", "battles.jsonl"))
    p = len(models)
    t = Tally(p)
    for a, b, c, _ in rows:
        t.add(a, b, c)
    beta = fit(t)
    out = {"source": "lib/results/leaderboard/replay_reference.py (numpy %s)" % np.__version__, "models": models,
           "beta": beta.tolist(), "informative": {}}
    pairs = [[i, j] for i in range(p) for j in range(i + 1, p)]
    assumed = [[0, 1], [2, 5], [0, 1], [3, 4]]
    for kind in ("sandwich", "fisher"):
        d = Design(t, beta, kind)
        H, Om, rho = d.H, d.Om, d.rho
        variances = (400 * 400 * np.diag(covariance(H, Om))).tolist()
        scores = [d.score(a, b) for a, b in pairs]
        for a, b in assumed:
            d.assume(a, b)
        out["informative"][kind] = {"rho": rho, "variances": variances, "scores": scores,
                                    "assumed": assumed, "scores_after": [d.score(a, b) for a, b in pairs]}
    out["pairs"] = pairs
    runs = []
    common = {"budget": 160, "warmup": 60, "checkpoints": [60, 110, 160], "exploration": 0.1, "refit": 10}
    for policy in ("as-logged", "balanced", "informative"):
        for seed in (0, 3):
            runs.append({"policy": policy, "seed": seed, "raters": 1, "covariance": "sandwich", **common})
    runs.append({"policy": "informative", "seed": 5, "raters": 1, "covariance": "fisher", **common})
    runs.append({"policy": "informative", "seed": 2, "raters": 3, "covariance": "sandwich", **common, "budget": 150, "refit": 4})
    runs.append({"policy": "balanced", "seed": 2, "raters": 3, "covariance": "sandwich", **common, "budget": 150})
    for r in runs:
        res = replay(p, rows, beta, r["policy"], r["budget"], r["warmup"], r["seed"], r["checkpoints"],
                     r["exploration"], r["refit"], r["raters"], r["covariance"])
        r.update(res)
    out["replays"] = runs
    with open(os.path.join(HERE, "fixtures", "replay-reference.json"), "w") as f:
        json.dump(out, f, indent=1)
    print("first mulberry32(1):", [mulberry32(1)() for _ in range(1)], "runs", len(runs))


if __name__ == "__main__":
    main()
