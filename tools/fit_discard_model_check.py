#!/usr/bin/python3
"""Checks tools/fit_discard_model.py against a simulation with known weights.

Draws decisions of 4-12 candidates with random features, picks the chosen candidate from the
softmax of known weights, writes them in the discard-samples format, and runs the fit script on
the file: the fitted weights must be within 0.1 of the true ones (20,000 decisions), the
held-out log-likelihood near the true model's, the emitted C++ must list every weight, and a
file where one feature decides every choice must give at least 99% top-1 agreement (the
fitted weights of the other features, near 0, may still flip a near tie).
Exit status 0 when every check passes, 1 otherwise.
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
FIT = os.path.join(HERE, "fit_discard_model.py")
NAMES = ["shanten_up", "log_ukeire_rel", "efficiency", "isolated"]


def write_samples(path, rng, true_w, decisions, deterministic=False):
    with open(path, "w") as f:
        f.write("# game 0 simulated\n")
        f.write("\t".join(["game", "decision", "threat", "chosen", "kind", "shanten", "ukeire"]
                          + NAMES) + "\n")
        for d in range(decisions):
            n = rng.integers(4, 13)
            x = rng.normal(size=(n, len(NAMES)))
            s = x @ true_w
            if deterministic:
                c = int(np.argmax(x[:, 0]))
            else:
                p = np.exp(s - s.max())
                c = rng.choice(n, p=p / p.sum())
            for i in range(n):
                row = [d // 40, d, 0, int(i == c), i, 1, 10]
                f.write("\t".join(str(v) for v in row) + "\t" +
                        "\t".join(f"{v:.6f}" for v in x[i]) + "\n")


def main():
    rng = np.random.default_rng(7)
    true_w = np.array([-1.5, 2.0, 0.8, -0.5])
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        samples = os.path.join(tmp, "sim.tsv")
        cpp = os.path.join(tmp, "params.cpp")
        weights = os.path.join(tmp, "w.txt")
        write_samples(samples, rng, true_w, 20000)
        out = subprocess.run([sys.executable, FIT, samples, "--l2", "0.01", "--emit", cpp,
                              "--weights-txt", weights], capture_output=True, text=True)
        if out.returncode != 0:
            print(out.stdout, out.stderr)
            return 1
        w = np.loadtxt(weights)
        err = np.abs(w - true_w).max()
        print(f"fitted {np.round(w, 3)} true {true_w}: largest error {err:.3f}")
        ok &= err < 0.1
        emitted = re.findall(r"^\s+(-?[0-9.e+-]+),\s+// (\w+)$", open(cpp).read(), re.M)
        print(f"emitted weights: {len(emitted)}")
        ok &= [n for _, n in emitted] == NAMES
        ok &= np.allclose([float(v) for v, _ in emitted], w, atol=1e-5)
        det = os.path.join(tmp, "det.tsv")
        write_samples(det, rng, true_w, 2000, deterministic=True)
        out = subprocess.run([sys.executable, FIT, det], capture_output=True, text=True)
        held = re.search(r"held-out games.*\n.*\n\s+top-1 agreement: model ([0-9.]+)%",
                         out.stdout)
        print(f"one deciding feature: held-out top-1 {held.group(1) if held else '?'}%")
        ok &= held is not None and float(held.group(1)) >= 99.0
    print("ok" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
