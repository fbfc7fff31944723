#!/usr/bin/python3
"""Fits the quiet-table discard features to self-play outcomes (a contextual bandit).

Input: the file written by `riichi discard-outcomes --games N --out FILE` (one line per
lowest-shanten candidate of each explored decision: its features, whether it was played, the
seat's points delta of the hand and its final place). The explored kind was drawn uniformly among
the candidates, independently of the position, so for a decision with efficiency move e

    E[outcome | played c] = V(position) + w . (f(c) - f(e))

and w is the least-squares fit of the outcome on the feature difference of the played candidate
(zero when it was the efficiency move), with an intercept (the mean of V) and a ridge (--ridge, on
w only) and, unless --no-controls, covariates of the position alone (the efficiency move's
features, the shanten, the number of candidates), which take part of V out of the noise without
biasing w. Standard errors are heteroskedasticity-robust (sandwich). Features without variance in
the differences (shanten_up among lowest-shanten candidates) are left out.

Games whose index is --holdout-mod - 1 modulo --holdout-mod are held out. On them the script
estimates, by inverse propensity (each candidate was played with probability 1/n), the gain per
decision of playing the model's pick (the highest w . f, the efficiency move unless another
candidate scores more than --margin above it) instead of the efficiency move:
    mean of n * (y - V fitted on the training decisions) * (1[played = pick] - 1[played = e]),
with its standard error. A model worth trying in the arena has a positive gain out of sample.

--target delta (the default) fits the hand's points; --target place fits 2.5 - the final place
(1st +1.5, 4th -1.5). --emit FILE writes the weights as C++ (src/bots/discard_outcome_params.cpp).

Example (docs/bots.md, "Ninth round"):
  build/riichi discard-outcomes --games 20000 --seed 1 --threads 2 --out /tmp/outcomes.tsv
  tools/fit_discard_outcomes.py /tmp/outcomes.tsv --emit src/bots/discard_outcome_params.cpp
"""
import argparse
import sys

import numpy as np

from fit_discard_model import emit_weights

META = ["game", "decision", "seat", "chosen", "kind", "shanten", "ukeire", "delta", "place"]


def load(path):
    try:
        with open(path) as f:
            names = None
            rows = []
            for line in f:
                if line.startswith("#"):
                    continue
                if names is None:
                    names = line.rstrip("\n").split("\t")
                    continue
                rows.append(line)
    except OSError as e:
        sys.exit(f"error: cannot read '{path}': {e.strerror}")
    except UnicodeDecodeError:
        sys.exit(f"error: {path}: not a discard-outcomes file (not text)")
    if names is None or names[:len(META)] != META:
        sys.exit(f"error: {path}: not a discard-outcomes file (no header line)")
    if not rows:
        sys.exit(f"error: {path}: no samples")
    try:
        data = np.loadtxt(rows, delimiter="\t", dtype=np.float64, ndmin=2)
    except ValueError as e:
        sys.exit(f"error: {path}: not a discard-outcomes file ({e})")
    if data.shape[1] != len(names):
        sys.exit(f"error: {path}: {data.shape[1]} columns, the header names {len(names)}")
    return names[len(META):], data


class Decisions:
    """Each explored decision: its candidates' features, the played and the efficiency index."""

    def __init__(self, names, data, target):
        col = {n: i for i, n in enumerate(META)}
        feats = data[:, len(META):]
        dec = data[:, col["decision"]]
        starts = np.flatnonzero(np.r_[True, dec[1:] != dec[:-1]])
        ends = np.r_[starts[1:], len(dec)]
        self.count = len(starts)
        self.n = ends - starts
        self.group = np.repeat(np.arange(self.count), self.n)
        self.starts = starts
        self.x = feats
        chosen = data[:, col["chosen"]] > 0.5
        eff = feats[:, names.index("efficiency")] > 0.5
        if np.any(np.add.reduceat(chosen.astype(int), starts) != 1):
            sys.exit("error: decisions without exactly one played candidate")
        if np.any(np.add.reduceat(eff.astype(int), starts) != 1):
            sys.exit("error: decisions without exactly one efficiency move")
        idx = np.arange(len(dec))
        self.played = idx[chosen]
        self.eff = idx[eff]
        self.game = data[starts, col["game"]].astype(np.int64)
        self.shanten = data[starts, col["shanten"]]
        if target == "delta":
            self.y = data[starts, col["delta"]]
        else:
            self.y = 2.5 - data[starts, col["place"]]

    def subset(self, keep):
        d = Decisions.__new__(Decisions)
        rows = keep[self.group]
        new_index = np.cumsum(rows) - 1
        d.x = self.x[rows]
        d.n = self.n[keep]
        d.count = int(keep.sum())
        d.group = np.repeat(np.arange(d.count), d.n)
        d.starts = np.r_[0, np.cumsum(d.n)[:-1]]
        d.played = new_index[self.played[keep]]
        d.eff = new_index[self.eff[keep]]
        d.game = self.game[keep]
        d.shanten = self.shanten[keep]
        d.y = self.y[keep]
        return d

    def diff(self):
        return self.x[self.played] - self.x[self.eff]


def controls(d):
    """Covariates of the position alone (the efficiency move's features, the shanten one-hot,
    the number of candidates): independent of the random choice, they leave w unbiased and take
    part of V(position) out of the noise."""
    sh = np.clip(d.shanten, 0, 4).astype(int)
    return np.c_[d.x[d.eff], np.eye(5)[sh][:, 1:], np.log(d.n)]


def fit(d, ridge, use, with_controls):
    """Ridge least squares of y on [1, controls, diff[:, use]]; returns (intercept, w, se of w)."""
    c = controls(d) if with_controls else np.zeros((d.count, 0))
    varies = np.std(c, axis=0) > 1e-9
    c = c[:, varies]
    k = 1 + c.shape[1]
    x = np.c_[np.ones(d.count), c, d.diff()[:, use]]
    a = x.T @ x
    a[k:, k:] += ridge * np.eye(len(use))
    a[1:k, 1:k] += 1e-6 * np.eye(k - 1)  # collinear controls (a feature fixed by another)
    beta = np.linalg.solve(a, x.T @ d.y)
    r = d.y - x @ beta
    inv = np.linalg.inv(a)
    meat = (x * (r ** 2)[:, None]).T @ x
    cov = inv @ meat @ inv
    se = np.sqrt(np.diag(cov))

    def value(e):  # V(position) predicted for the decisions of `e`
        ce = controls(e)[:, varies] if with_controls else np.zeros((e.count, 0))
        return beta[0] + ce @ beta[1:k]

    return value, beta[k:], se[k:], np.std(r)


def picks(d, w_full, margin):
    """The candidate the model plays per decision: the efficiency move unless the best scores
    more than `margin` above it (the first of equal best scores)."""
    s = d.x @ w_full
    best = np.maximum.reduceat(s, d.starts)
    top = s >= best[d.group]
    idx = np.arange(len(s))
    first = np.minimum.reduceat(np.where(top, idx, len(s)), d.starts)
    switch = best - s[d.eff] > margin
    return np.where(switch, first, d.eff)


def policy_gain(d, w_full, margin, value):
    """Inverse-propensity estimate of the gain of the model's picks over the efficiency move:
    (mean, standard error, share of decisions where the pick differs). `value` (the position's
    value fitted on the training games) is subtracted from the outcome: a control variate, whose
    expectation times the indicator difference is 0."""
    pick = picks(d, w_full, margin)
    g = d.n * (d.y - value(d)) * ((d.played == pick).astype(float) - (d.played == d.eff))
    return g.mean(), g.std(ddof=1) / np.sqrt(len(g)), np.mean(pick != d.eff)


def emit(path, names, w_full, command, figures):
    emit_weights(path, [
        "// The quiet-table discard weights fitted to self-play outcomes (bots/discard_features.hpp),",
        "// generated by tools/fit_discard_outcomes.py: do not edit, re-run the fit (docs/bots.md,",
        "// \"Ninth round\").",
    ], "kDiscardOutcomeWeights", names, w_full, command, figures)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("samples", nargs="+",
                    help="discard-outcomes files (several: runs of other seeds, games renumbered)")
    ap.add_argument("--holdout-mod", type=int, default=5,
                    help="hold out the games with index = MOD-1 modulo MOD (default 5; 0: none)")
    ap.add_argument("--ridge", type=float, default=100.0,
                    help="ridge on the weights, in decisions' worth (default 100)")
    ap.add_argument("--target", choices=["delta", "place"], default="delta",
                    help="the outcome: the hand's points (default) or 2.5 - the final place")
    ap.add_argument("--margins", default="0,100,300",
                    help="comma-separated margins for the held-out gain (default 0,100,300)")
    ap.add_argument("--no-controls", action="store_true",
                    help="fit without the position's covariates (the efficiency move's features, "
                    "the shanten, the number of candidates)")
    ap.add_argument("--drop", default="", help="comma-separated features left out of the fit")
    ap.add_argument("--emit", help="write the weights as C++ to this file")
    ap.add_argument("--weights-txt", help="write the weights, one a line, to this file")
    args = ap.parse_args()
    if args.holdout_mod < 0 or args.holdout_mod == 1:
        sys.exit("error: --holdout-mod must be 0 or at least 2")
    if args.ridge < 0:
        sys.exit("error: --ridge must be at least 0")
    try:
        margins = [float(m) for m in args.margins.split(",") if m]
    except ValueError:
        sys.exit(f"error: --margins: not numbers: '{args.margins}'")

    names, data = None, []
    for i, path in enumerate(args.samples):
        n, x = load(path)
        if names is not None and n != names:
            sys.exit(f"error: {path}: other features than {args.samples[0]}")
        names = n
        x[:, 0] += i * 10_000_000  # games and decisions of each file apart
        x[:, 1] += i * 100_000_000
        data.append(x)
    data = np.concatenate(data)
    drop = [n for n in args.drop.split(",") if n]
    for n in drop:
        if n not in names:
            sys.exit(f"error: --drop: no feature '{n}' (the features: {', '.join(names)})")
    if "efficiency" not in names:
        sys.exit(f"error: {args.samples[0]}: no 'efficiency' feature")
    d = Decisions(names, data, args.target)
    held = (d.game % args.holdout_mod == args.holdout_mod - 1) if args.holdout_mod else \
        np.zeros(d.count, bool)
    train = d.subset(~held)
    dx = train.diff()
    use = [i for i, n in enumerate(names) if n not in drop and np.std(dx[:, i]) > 1e-9]
    if not use:
        sys.exit("error: no feature varies among the played candidates")
    value, w, se, resid = fit(train, args.ridge, use, not args.no_controls)
    w_full = np.zeros(len(names))
    w_full[use] = w
    off = np.mean(train.played != train.eff)
    print(f"fitted on {train.count} decisions ({100 * off:.1f}% off the efficiency move), "
          f"target {args.target}, ridge {args.ridge}; outcome mean {train.y.mean():.1f}, "
          f"sd {train.y.std():.1f}, residual sd {resid:.1f}"
          + (" (no controls)" if args.no_controls else " (position controls)"))
    print(f"  {'feature':<16} {'weight':>9} {'se':>8} {'t':>6}")
    for i in sorted(range(len(use)), key=lambda i: -abs(w[i] / se[i])):
        print(f"  {names[use[i]]:<16} {w[i]:+9.2f} {se[i]:8.2f} {w[i] / se[i]:+6.2f}")
    figures = [f"training: {train.count} decisions, target {args.target}, ridge {args.ridge}"]
    sets = [("training games (in sample)", train)]
    if held.any():
        sets.append(("held-out games", d.subset(held)))
    for title, s in sets:
        print(f"{title}: {s.count} decisions; gain of the model's pick over the efficiency move "
              f"per decision (inverse propensity):")
        for m in margins:
            g, e, share = policy_gain(s, w_full, m, value)
            print(f"  margin {m:g}: {g:+.1f} +- {e:.1f} ({100 * share:.1f}% of decisions differ)")
            if title.startswith("held"):
                figures.append(f"held out ({s.count} decisions), margin {m:g}: gain {g:+.1f} +- "
                               f"{e:.1f} per decision, {100 * share:.1f}% differ")
    if args.weights_txt:
        with open(args.weights_txt, "w") as f:
            f.write("".join(f"{x:.9g}\n" for x in w_full))
    if args.emit:
        emit(args.emit, names, w_full, "tools/fit_discard_outcomes.py " + " ".join(sys.argv[1:]),
             figures)
        print(f"weights written to {args.emit}")


if __name__ == "__main__":
    main()
