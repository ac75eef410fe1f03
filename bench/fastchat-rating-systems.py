#!/usr/bin/env python3
"""
The baseline of bench/leaderboard.ts against FastChat's current leaderboard code: `compute_bt` and
`compute_bootstrap_bt` of fastchat/serve/monitor/rating_systems.py (scipy L-BFGS-B on the unique
(model_a, model_b, outcome) rows, multinomial resampling of their counts, a process pool of os.cpu_count()
workers), run from the FastChat checkout or folder the caller names: nothing of FastChat is in this project.
Usage: python3 bench/fastchat-rating-systems.py FASTCHAT_DIR BATTLES.jsonl REPLICATES [REPEATS] [style]  ->  prints JSON
("style": `compute_style_control` / `compute_bootstrap_style_control` instead, on the battles' `conv_metadata`)
(each call timed REPEATS times, default 1; the best time is reported, and every time)
(FASTCHAT_DIR: a FastChat checkout, or any folder holding rating_systems.py).
"""
import importlib.util, json, os, sys, time, types

def load(fastchat_dir):
    for rel in ("fastchat/serve/monitor/rating_systems.py", "rating_systems.py"):
        path = os.path.join(fastchat_dir, rel)
        if os.path.isfile(path):
            break
    else:
        sys.exit(f"no rating_systems.py under {fastchat_dir} (looked for fastchat/serve/monitor/rating_systems.py and rating_systems.py)")
    try:
        import tqdm  # noqa: F401  (FastChat imports it for progress bars only)
    except ImportError:
        stub = types.ModuleType("tqdm")
        stub.tqdm = lambda iterable, **_: iterable
        sys.modules["tqdm"] = stub
    spec = importlib.util.spec_from_file_location("fastchat_rating_systems", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its process pool pickles fit_bt by module name
    spec.loader.exec_module(module)
    return module, path

if __name__ == "__main__":
    rs, path = load(sys.argv[1])
    import numpy as np
    import pandas as pd
    df = pd.read_json(sys.argv[2], lines=True)
    replicates = int(sys.argv[3])
    repeats = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    style = len(sys.argv) > 5 and sys.argv[5] == "style"
    fit = (lambda: rs.compute_style_control(df)[0]) if style else (lambda: rs.compute_bt(df))
    bootstrap = (lambda: rs.compute_bootstrap_style_control(df, num_round=replicates)[0]) if style else (lambda: rs.compute_bootstrap_bt(df, num_round=replicates))
    fit_times, boot_times = [], []
    for _ in range(repeats):
        t = time.perf_counter(); ratings = fit(); fit_times.append(time.perf_counter() - t)
    for _ in range(repeats):
        t = time.perf_counter(); boot = bootstrap(); boot_times.append(time.perf_counter() - t)
    fit_s, boot_s = min(fit_times), min(boot_times)
    intervals = {m: [float(np.percentile(boot[m], 2.5)), float(np.percentile(boot[m], 97.5))] for m in boot.columns}
    print(json.dumps({"file": path, "workers": os.cpu_count(), "ratings_s": fit_s, "bootstrap_s": boot_s, "bootstrap_s_all": boot_times, "replicates": replicates,
                      "ratings": {k: float(v) for k, v in ratings.items()}, "ci95": intervals}))
