#!/usr/bin/python3
"""ROC AUC of the plain danger rules (genbutsu < suji and honours < the rest) and of the model
on the discards written by `riichi danger-check PATH --samples-tsv FILE` (docs/eval.md, Danger).

Usage: python3 tools/plain_rules_auc.py FILE.tsv
Ties are counted half (Mann-Whitney), so an ordering of three classes is scored fairly.
"""
import csv
import sys


def auc(scores, labels):
    pairs = sorted(zip(scores, labels))
    positives = sum(labels)
    negatives = len(labels) - positives
    if positives == 0 or negatives == 0:
        raise ValueError("need both dealt-in and safe discards")
    rank_sum, i = 0.0, 0
    while i < len(pairs):
        j = i
        while j < len(pairs) and pairs[j][0] == pairs[i][0]:
            j += 1
        rank_sum += (i + 1 + j) / 2 * sum(label for _, label in pairs[i:j])
        i = j
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives)


def plain_rank(rule_class):
    if rule_class.startswith("genbutsu"):
        return 0
    if rule_class.startswith(("honour", "suji")):
        return 1
    return 2


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    try:
        with open(sys.argv[1], newline="") as f:
            rows = list(csv.DictReader(f, delimiter="\t"))
        labels = [int(r["ronned"]) for r in rows]
        model = auc([float(r["model"]) for r in rows], labels)
        plain = auc([plain_rank(r["rule_class"]) for r in rows], labels)
    except (OSError, KeyError, ValueError) as e:
        sys.exit(f"plain_rules_auc: {sys.argv[1]}: {e}")
    print(f"discards {len(rows)}  dealt in {sum(labels)}")
    print(f"model AUC {model:.4f}  plain rules AUC {plain:.4f}  gain {model - plain:+.4f}")


if __name__ == "__main__":
    main()
