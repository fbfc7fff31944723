#!/usr/bin/python3
"""Fits the discard model (src/bots/discard_features.hpp) on real players' discards.

Input: the file written by `riichi discard-samples LOGS... --out FILE` (one line per candidate
of each discard decision, with its features and whether the player chose it). The model is a
conditional logit: each candidate scores w . features, and the probability that the player
discards it is the softmax of the scores over the candidates of the decision. The weights
maximise the likelihood of the chosen discards with an L2 prior (--l2, on every weight).

Games whose index is --holdout-mod - 1 modulo --holdout-mod are held out (every fifth game by
default); --test FILE measures on another dump as well (e.g. the older 45 games). Only decisions
on a quiet table (threat 0: no opponent likely tenpai, as the strong bot reads the table) are
used unless --all. For each set the report gives the mean log-likelihood per decision, the
model's top-1 agreement with the player, the model's agreement restricted to the candidates of
the lowest shanten (the strong bot's "lowest shanten only" variant) and the efficiency bot's
agreement on the same decisions.

--emit FILE writes the weights fitted on the training games as C++ (src/bots/discard_params.cpp).

Example (docs/bots.md, "Eighth round"):
  build/riichi discard-samples ../shared/data/tenhou-mjlog-houou2021 --out /tmp/houou.tsv
  build/riichi discard-samples ../shared/data/tenhou-mjlog --out /tmp/old.tsv
  tools/fit_discard_model.py /tmp/houou.tsv --test /tmp/old.tsv --emit src/bots/discard_params.cpp
"""
import argparse
import sys
import textwrap

import numpy as np
from scipy.optimize import minimize

META = 7  # game, decision, threat, chosen, kind, shanten, ukeire


def load(path):
    try:
        return load_file(path)
    except OSError as e:
        sys.exit(f"error: cannot read '{path}': {e.strerror}")
    except ValueError as e:
        sys.exit(f"error: {path}: not a discard-samples file ({e})")


def load_file(path):
    names = None
    with open(path) as f:
        for line in f:
            if not line.startswith("#"):
                names = line.rstrip("\n").split("\t")
                break
    if names is None or names[:META] != ["game", "decision", "threat", "chosen", "kind",
                                         "shanten", "ukeire"]:
        sys.exit(f"error: {path}: not a discard-samples file (no header line)")
    rows = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or line.startswith("game\t"):
                continue
            rows.append(line)
    if not rows:
        sys.exit(f"error: {path}: no samples")
    data = np.loadtxt(rows, delimiter="\t", dtype=np.float64, ndmin=2)
    if data.shape[1] != len(names):
        sys.exit(f"error: {path}: {data.shape[1]} columns, the header names {len(names)}")
    return names[META:], data


class Decisions:
    """The candidates of a set of decisions, grouped (each decision's rows are contiguous)."""

    def __init__(self, data):
        self.x = data[:, META:]
        self.chosen = data[:, 3] > 0.5
        self.shanten = data[:, 5]
        dec = data[:, 1]
        starts = np.flatnonzero(np.r_[True, dec[1:] != dec[:-1]])
        self.starts = starts
        self.group = np.repeat(np.arange(len(starts)), np.diff(np.r_[starts, len(dec)]))
        self.count = len(starts)
        # Decisions whose chosen kind is among the candidates exactly once.
        chosen_per = np.add.reduceat(self.chosen.astype(np.int64), starts)
        if np.any(chosen_per != 1):
            bad = int(np.sum(chosen_per != 1))
            sys.exit(f"error: {bad} decisions without exactly one chosen candidate")

    def subset(self, mask_decisions):
        keep = mask_decisions[self.group]
        d = Decisions.__new__(Decisions)
        d.x, d.chosen, d.shanten = self.x[keep], self.chosen[keep], self.shanten[keep]
        g = self.group[keep]
        d.starts = np.flatnonzero(np.r_[True, g[1:] != g[:-1]])
        d.group = np.repeat(np.arange(len(d.starts)), np.diff(np.r_[d.starts, len(g)]))
        d.count = len(d.starts)
        return d

    def log_probs(self, w):
        s = self.x @ w
        m = np.maximum.reduceat(s, self.starts)
        e = np.exp(s - m[self.group])
        z = np.add.reduceat(e, self.starts)
        return s - m[self.group] - np.log(z)[self.group], e / z[self.group]

    def argmax_agrees(self, scores, allowed=None):
        s = scores.copy()
        if allowed is not None:
            s[~allowed] = -np.inf
        m = np.maximum.reduceat(s, self.starts)
        # The first candidate with the top score (the bot takes the first of equal scores).
        top = s == m[self.group]
        idx = np.arange(len(s))
        first = np.minimum.reduceat(np.where(top, idx, len(s)), self.starts)
        return self.chosen[first]


def fit(d, l2, fixed_zero=()):
    k = d.x.shape[1]

    def objective(w):
        lp, p = d.log_probs(w)
        loss = -np.sum(lp[d.chosen]) + 0.5 * l2 * w @ w
        grad = d.x.T @ p - d.x[d.chosen].sum(axis=0) + l2 * w
        return loss, grad

    bounds = [(0, 0) if i in fixed_zero else (None, None) for i in range(k)]
    res = minimize(objective, np.zeros(k), jac=True, method="L-BFGS-B", bounds=bounds,
                   options={"maxiter": 2000})
    if not res.success:
        print(f"warning: the optimiser stopped: {res.message}", file=sys.stderr)
    return res.x


def report(title, d, w, names):
    lp, _ = d.log_probs(w)
    ll = np.sum(lp[d.chosen]) / d.count
    scores = d.x @ w
    model = d.argmax_agrees(scores).mean()
    low = np.minimum.reduceat(d.shanten, d.starts)[d.group]
    model_low = d.argmax_agrees(scores, d.shanten == low).mean()
    eff = d.x[d.chosen, names.index("efficiency")].mean()
    uniform = -np.mean(np.log(np.diff(np.r_[d.starts, len(d.chosen)])))
    print(f"{title}: {d.count} decisions, {len(d.chosen)} candidates")
    print(f"  log-likelihood per decision: model {ll:.4f}  (uniform {uniform:.4f})")
    print(f"  top-1 agreement: model {100 * model:.2f}%, model among the lowest shanten "
          f"{100 * model_low:.2f}%, efficiency bot {100 * eff:.2f}%")
    return ll, model, model_low, eff


def emit_weights(path, header, array, names, w, command, figures):
    """Writes the weights `w` as the C++ array `array` (one commented line per feature), under the
    comment lines `header` and the fit's command and figures."""
    lines = list(header)
    for text in [command] + figures:
        lines += ["// " + part for part in textwrap.wrap(text, 97, subsequent_indent="  ")]
    lines += [
        '#include "bots/discard_features.hpp"',
        "",
        "namespace riichi::bots {",
        "",
        f"const std::array<double, kDiscardFeatures> {array} = {{",
    ]
    values = [f"    {x:.6g}," for x in w]
    width = max(len(v) for v in values)
    for n, v in zip(names, values):
        lines.append(f"{v:<{width}}  // {n}")  # the comments aligned, as clang-format does
    lines += ["};", "", "}  // namespace riichi::bots", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def emit(path, names, w, command, figures):
    emit_weights(path, [
        "// The discard model's weights (bots/discard_features.hpp), generated by",
        "// tools/fit_discard_model.py: do not edit, re-run the fit (docs/bots.md, \"Eighth round\").",
    ], "kDiscardWeights", names, w, command, figures)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("samples", help="a discard-samples file (the games to fit on)")
    ap.add_argument("--test", help="another discard-samples file to measure on")
    ap.add_argument("--holdout-mod", type=int, default=5,
                    help="hold out the games with index = MOD-1 modulo MOD (default 5; 0: none)")
    ap.add_argument("--l2", type=float, default=1.0, help="L2 prior strength (default 1)")
    ap.add_argument("--all", action="store_true",
                    help="also the decisions under an open threat (default: quiet table only)")
    ap.add_argument("--drop", default="",
                    help="comma-separated features whose weights stay 0 (e.g. dora,red_only)")
    ap.add_argument("--emit", help="write the weights as C++ to this file")
    ap.add_argument("--weights-txt", help="write the weights, one a line, to this file")
    args = ap.parse_args()
    if args.holdout_mod < 0 or args.holdout_mod == 1:
        sys.exit("error: --holdout-mod must be 0 or at least 2")

    names, data = load(args.samples)
    d = Decisions(data)
    game = data[d.starts, 0].astype(np.int64)
    quiet = data[d.starts, 2] < 0.5
    use = np.ones(d.count, bool) if args.all else quiet
    if args.holdout_mod:
        held = game % args.holdout_mod == args.holdout_mod - 1
    else:
        held = np.zeros(d.count, bool)
    train = d.subset(use & ~held)
    drop = [n for n in args.drop.split(",") if n]
    for n in drop:
        if n not in names:
            sys.exit(f"error: --drop: no feature '{n}' (the features: {', '.join(names)})")
    w = fit(train, args.l2, {names.index(n) for n in drop})
    print(f"fitted on {train.count} decisions ({'all' if args.all else 'quiet table'}), "
          f"L2 {args.l2}" + (f", without {', '.join(drop)}" if drop else ""))
    for n, x in sorted(zip(names, w), key=lambda t: -abs(t[1])):
        print(f"  {n:<16} {x:+.4f}")
    figures = []
    r = report("training games", train, w, names)
    figures.append(f"training: {train.count} decisions, log-likelihood {r[0]:.4f}, top-1 model "
                   f"{100 * r[1]:.2f}% (lowest shanten {100 * r[2]:.2f}%), efficiency "
                   f"{100 * r[3]:.2f}%")
    if held.any():
        test = d.subset(use & held)
        r = report("held-out games", test, w, names)
        figures.append(f"held out: {test.count} decisions, log-likelihood {r[0]:.4f}, top-1 "
                       f"model {100 * r[1]:.2f}% (lowest shanten {100 * r[2]:.2f}%), "
                       f"efficiency {100 * r[3]:.2f}%")
    if args.test:
        names2, data2 = load(args.test)
        if names2 != names:
            sys.exit(f"error: {args.test}: other features than {args.samples}")
        d2 = Decisions(data2)
        q2 = data2[d2.starts, 2] < 0.5
        t2 = d2.subset(np.ones(d2.count, bool) if args.all else q2)
        r = report(f"test file {args.test}", t2, w, names)
        figures.append(f"{args.test}: {t2.count} decisions, log-likelihood {r[0]:.4f}, top-1 "
                       f"model {100 * r[1]:.2f}% (lowest shanten {100 * r[2]:.2f}%), "
                       f"efficiency {100 * r[3]:.2f}%")
    if args.weights_txt:
        with open(args.weights_txt, "w") as f:
            f.write("".join(f"{x:.9g}\n" for x in w))
    if args.emit:
        emit(args.emit, names, w, "tools/fit_discard_model.py " + " ".join(sys.argv[1:]), figures)
        print(f"weights written to {args.emit}")


if __name__ == "__main__":
    main()
