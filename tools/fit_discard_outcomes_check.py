#!/usr/bin/python3
"""Checks tools/fit_discard_outcomes.py against a simulated bandit with known effects.

Draws decisions of 2-6 candidates with random features (one of them the efficiency move), plays
one uniformly at random, and draws the outcome as a position value (sd 3000) plus the true
weights times the played candidate's features minus the efficiency move's, plus noise (sd 1000).
The fit must recover the weights within 4 standard errors (each under 60 points), the held-out
gain of the model's pick must be positive and near the true one, the emitted C++ must list every
feature, and bad input (a missing file, a file of another kind) must exit with a clear message.
Exit status 0 when every check passes, 1 otherwise.
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
FIT = os.path.join(HERE, "fit_discard_outcomes.py")
META = ["game", "decision", "seat", "chosen", "kind", "shanten", "ukeire", "delta", "place"]
NAMES = ["shanten_up", "efficiency", "isolated", "dora"]
TRUE_W = {"efficiency": 150.0, "isolated": 300.0, "dora": -400.0}


def write(path, rng, decisions):
    true_gain = []
    with open(path, "w") as f:
        f.write("\t".join(META + NAMES) + "\n")
        for d in range(decisions):
            if d % 40 == 0:
                f.write(f"# game {d // 40} simulated\n")
            n = int(rng.integers(2, 7))
            x = np.zeros((n, len(NAMES)))
            x[0, 1] = 1.0  # the efficiency move
            x[:, 2] = rng.integers(0, 2, n)
            x[:, 3] = rng.integers(0, 3, n)
            w = np.array([0.0] + [TRUE_W[k] for k in NAMES[1:]])
            s = x @ w
            c = int(rng.integers(0, n))
            y = rng.normal(0, 3000) + s[c] - s[0] + rng.normal(0, 1000)
            true_gain.append(s.max() - s[0])
            for i in range(n):
                row = [d // 40, d, 0, int(i == c), i, 1, 10, round(y), 2]
                f.write("\t".join(str(v) for v in row) + "\t"
                        + "\t".join(f"{v:g}" for v in x[i]) + "\n")
    return float(np.mean(true_gain))


def run(args):
    return subprocess.run([sys.executable, FIT] + args, capture_output=True, text=True)


def main():
    ok = True

    def check(cond, what):
        nonlocal ok
        print(("ok   " if cond else "FAIL ") + what)
        ok = ok and cond

    rng = np.random.default_rng(11)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "sim.tsv")
        true_gain = write(path, rng, 40000)
        cpp = os.path.join(tmp, "w.cpp")
        r = run([path, "--ridge", "0", "--margins", "0", "--emit", cpp])
        check(r.returncode == 0, f"the fit runs ({r.stderr.strip()[:200]})")
        for name, true in TRUE_W.items():
            m = re.search(rf"^\s+{name}\s+([-+\d.]+)\s+([\d.]+)", r.stdout, re.M)
            check(m is not None, f"{name} reported")
            if m:
                w, se = float(m.group(1)), float(m.group(2))
                check(abs(w - true) < 4 * se and se < 60,
                      f"{name}: {w:+.1f} +- {se:.1f}, true {true:+.1f}")
        check(re.search(r"^\s+shanten_up\s", r.stdout, re.M) is None,
              "a feature without variance is left out")
        m = re.search(r"held-out games.*\n\s+margin 0: ([-+\d.]+) \+- ([\d.]+)", r.stdout)
        check(m is not None, "held-out gain reported")
        if m:
            g, e = float(m.group(1)), float(m.group(2))
            check(g > 2 * e and abs(g - true_gain) < 4 * e,
                  f"held-out gain {g:+.1f} +- {e:.1f}, true {true_gain:+.1f}")
        text = open(cpp).read() if os.path.exists(cpp) else ""
        check(all(f"// {n}" in text for n in NAMES) and "kDiscardOutcomeWeights" in text,
              "the emitted C++ lists every feature")
        r = run([os.path.join(tmp, "missing.tsv")])
        check(r.returncode != 0 and "cannot read" in r.stderr, "a missing file: clear error")
        other = os.path.join(tmp, "other.tsv")
        with open(other, "w") as f:
            f.write("game\tdecision\tthreat\tchosen\n0\t0\t0\t1\n")
        r = run([other])
        check(r.returncode != 0 and "not a discard-outcomes file" in r.stderr,
              "another file: clear error")
    print("all checks passed" if ok else "some checks FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
