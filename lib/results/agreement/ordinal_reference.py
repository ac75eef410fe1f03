"""Reference values for lib/results/agreement/ordinal.ts, written independently: Krippendorff's alpha with numpy in its
pairwise form (D_o and D_e as averages of δ² over pairs of values within units and over all pairable values),
weighted kappa with scikit-learn's cohen_kappa_score. Run: /usr/bin/python3 lib/results/agreement/ordinal_reference.py
(numpy, scikit-learn: Debian's python3-sklearn). Writes fixtures/ordinal-reference.json."""
import json, os
import numpy as np
from sklearn.metrics import cohen_kappa_score

HERE = os.path.dirname(os.path.abspath(__file__))
LEVELS = ["nominal", "ordinal", "interval", "ratio"]


def alpha(coders, level, values):
    """coders: list of lists of category indices or None; values: number of each category."""
    data = np.array([[np.nan if v is None else v for v in c] for c in coders], dtype=float)
    pairable = [col[~np.isnan(col)].astype(int) for col in data.T if np.sum(~np.isnan(col)) >= 2]
    allv = np.concatenate(pairable) if pairable else np.array([], int)
    n = len(allv)
    k = len(values)
    freq = np.bincount(allv, minlength=k).astype(float)

    def d2(c, e):
        if level == "nominal":
            return float(c != e)
        if level == "ordinal":
            lo, hi = min(c, e), max(c, e)
            return (freq[lo:hi + 1].sum() - (freq[c] + freq[e]) / 2) ** 2
        if level == "interval":
            return (values[c] - values[e]) ** 2
        s = values[c] + values[e]
        return 0.0 if s == 0 else ((values[c] - values[e]) / s) ** 2

    do = sum(sum(d2(a, b) for i, a in enumerate(u) for j, b in enumerate(u) if i != j) / (len(u) - 1) for u in pairable) / n
    de = sum(d2(a, b) for i, a in enumerate(allv) for j, b in enumerate(allv) if i != j) / (n * (n - 1))
    return 1 - do / de


def case(name, coders, k, values=None, source=""):
    values = values or list(range(1, k + 1))
    out = {"name": name, "source": source, "k": k, "values": values, "coders": coders,
           "alpha": {l: alpha(coders, l, values) for l in LEVELS}, "weighted_kappa": {},
           "weighted_kappa_declared": {}}
    for a in range(len(coders)):
        for b in range(a + 1, len(coders)):
            both = [(x, y) for x, y in zip(coders[a], coders[b]) if x is not None and y is not None]
            if len(both) < 2 or len({v for p in both for v in p}) < 2:
                continue
            x, y = zip(*both)
            out["weighted_kappa"][f"{a + 1}-{b + 1}"] = {
                w: float(cohen_kappa_score(x, y, weights=w)) for w in ["linear", "quadratic"]}
            # On the declared scale 0..k-1 (labels=): unused levels between the raters' still count.
            out["weighted_kappa_declared"][f"{a + 1}-{b + 1}"] = {
                w: float(cohen_kappa_score(x, y, weights=w, labels=list(range(k)))) for w in ["linear", "quadratic"]}
    return out


def main():
    cases = []
    N = None
    k11 = [[1, 2, 3, 3, 2, 1, 4, 1, 2, N, N, N], [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, N, 3],
           [N, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, N], [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, N]]
    cases.append(case("krippendorff-2011", [[None if v is None else v - 1 for v in c] for c in k11], 5,
                      source="Krippendorff (2011), Computing Krippendorff's alpha-reliability, section C (values 1-5, missing data)"))
    anxiety = [[3, 3, 3, 4, 5, 5, 2, 3, 5, 2, 2, 6, 1, 5, 2, 2, 1, 2, 4, 3],
               [3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1, 3, 3, 4],
               [2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2]]
    cases.append(case("irr-anxiety", [[v - 1 for v in c] for c in anxiety], 6,
                      source="R package irr, data(anxiety): 20 subjects, 3 raters, 1-6"))
    skin = [[10, 4, 1, 0], [5, 10, 12, 2], [2, 4, 12, 5], [0, 2, 6, 13]]
    r1, r2 = [], []
    for i, row in enumerate(skin):
        for j, c in enumerate(row):
            r1 += [i] * c
            r2 += [j] * c
    cases.append(case("sas-skin-condition", [r1, r2], 4,
                      source="SAS/STAT PROC FREQ, Agreement Study: skin condition, two dermatologists, 88 patients"))
    # John Uebersax's SAS kappa page, Example 1: three raters, 19 subjects, categories 1-3; PROC FREQ (with the
    # pseudo-observations that make the tables square) prints weighted kappa 0.4701 for raters 1 and 2.
    sas3 = [[1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3],
            [2, 2, 2, 2, 3, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 3, 3, 3, 3],
            [1, 1, 1, 2, 2, 2, 1, 2, 2, 2, 2, 1, 2, 2, 2, 2, 1, 2, 2]]
    cases.append(case("sas-weighted-kappa-uebersax", [[v - 1 for v in c] for c in sas3], 3,
                      source="John Uebersax, Kappa in SAS, Example 1 (john-uebersax.com/stat/saskappa.htm): 3 raters, 19 subjects"))
    rng = np.random.default_rng(20261124)
    for t in range(6):
        k = int(rng.integers(3, 8))
        m = int(rng.integers(2, 6))
        units = int(rng.integers(15, 60))
        truth = rng.integers(0, k, size=units)
        coders = []
        for _ in range(m):
            c = []
            for u in range(units):
                if rng.random() < 0.2:
                    c.append(None)
                else:
                    c.append(int(np.clip(truth[u] + rng.integers(-1, 2), 0, k - 1)))
            coders.append(c)
        values = sorted(rng.choice(np.arange(0, 20), size=k, replace=False).tolist())
        cases.append(case(f"seeded-{t}", coders, k, values=[int(v) for v in values], source="seeded random"))
    with open(os.path.join(HERE, "fixtures", "ordinal-reference.json"), "w") as f:
        json.dump(cases, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
