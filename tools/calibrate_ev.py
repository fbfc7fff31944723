#!/usr/bin/python3
"""Calibrates the two table constants of the default hand-value model (docs/eval.md) on real
Tenhou games (mjlog XML):

  ron_factor  the chance that an opponent's discard is a given live winning tile, relative to a
              uniformly random unseen tile: measured at every opponent discard while a player is
              in riichi (waits and live counts from the riichi player's view), MLE
              rons / sum(live / unseen).
  end_rate    the chance, per own turn, that the hand ends by another player's win: hands ended
              by another's win / own turns played, over every player of every hand.

Also prints the tsumo check: own draws after riichi, expected tsumo wins sum(live / unseen)
against the wins seen (the model's draw probability).

Usage: tools/calibrate_ev.py [DIR ...]   (default: ../shared/data/tenhou-mjlog-houou2021)
Needs the riichi module (PYTHONPATH=build/python) for the waits.
"""
import glob
import os
import sys
import xml.etree.ElementTree as ET

import riichi

DRAW, DISCARD = "TUVW", "DEFG"


def kind(tile_id):
    return tile_id // 4


def tiles_text(counts):
    out = ""
    for suit, letter in enumerate("mpsz"):
        digits = "".join(str(n + 1) * counts[suit * 9 + n] for n in range(9 if suit < 3 else 7))
        if digits:
            out += digits + letter
    return out


def meld_tiles(m):
    """The tiles (ids) an N tag's meld takes from the hand, and whether it is open."""
    if m & 0x4:  # chi: three kinds, the called one (index r) came from a discard
        t = m >> 10
        r, t = t % 3, t // 3
        base = (t // 7) * 9 + t % 7
        ids = [4 * (base + i) + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return [x for i, x in enumerate(ids) if i != r], True
    if m & 0x8:  # pon
        t = m >> 9
        r, t = t % 3, t // 3
        unused = (m >> 5) & 3
        ids = [4 * t + i for i in range(4) if i != unused]
        return [x for i, x in enumerate(ids) if i != r], True
    if m & 0x10:  # kakan: the added tile
        t = (m >> 9) // 3
        return [4 * t + ((m >> 5) & 3)], True
    if m & 0x20:  # nukidora (three-player)
        return [], False
    called = m >> 8
    ids = [4 * (called // 4) + i for i in range(4)]
    if m & 3 == 0:  # ankan
        return ids, False
    return [x for x in ids if x != called], True


class Hand:
    def __init__(self, init):
        self.hands = [[int(x) for x in init.get(f"hai{p}").split(",")] if init.get(f"hai{p}")
                      else [] for p in range(4)]
        self.seen = [0] * 34  # discards, melds, dora indicators
        self.seen[kind(int(init.get("seed").split(",")[5]))] += 1
        self.ponds = [set() for _ in range(4)]
        self.open = [False] * 4
        self.riichi = {}  # player -> dict(waits, pending)
        self.turns = [0] * 4
        self.last_discard = None


def live_and_unseen(h, p, waits):
    own = [0] * 34
    for t in h.hands[p]:
        own[kind(t)] += 1
    live = sum(max(0, 4 - own[k] - h.seen[k]) for k in waits)
    unseen = 136 - sum(own) - sum(h.seen)
    return live, unseen


def main(dirs):
    stats = dict(rons=0, ron_expect=0.0, discards=0, tsumos=0, tsumo_expect=0.0, draws=0,
                 others_ended=0, turns=0, riichi=0, furiten=0)
    files = [f for d in dirs for f in sorted(glob.glob(os.path.join(d, "*.mjlog")))]
    for path in files:
        root = ET.parse(path).getroot()
        if root.find("GO") is not None and int(root.find("GO").get("type")) & 0x10:
            continue  # three-player
        h = None
        for el in root:
            tag = el.tag
            if tag == "INIT":
                h = Hand(el)
            elif h is None:
                continue
            elif tag[0] in DRAW and tag[1:].isdigit():
                p = DRAW.index(tag[0])
                t = int(tag[1:])
                h.turns[p] += 1
                r = h.riichi.get(p)
                if r and r["on"]:
                    live, unseen = live_and_unseen(h, p, r["waits"])
                    stats["tsumo_expect"] += live / unseen
                    stats["draws"] += 1
                h.hands[p].append(t)
            elif tag[0] in DISCARD and tag[1:].isdigit():
                p = DISCARD.index(tag[0])
                t = int(tag[1:])
                h.hands[p].remove(t)
                h.ponds[p].add(kind(t))
                h.seen[kind(t)] += 1
                h.last_discard = (p, t)
                for q, r in h.riichi.items():
                    if q == p and r.get("declaring"):
                        r["declaring"] = False
                    if q == p or not r["on"] or r["furiten"]:
                        continue
                    live, unseen = live_and_unseen(h, q, r["waits"])
                    r["pending"] = live / unseen
                    stats["ron_expect"] += live / unseen
                    stats["discards"] += 1
            elif tag == "REACH" and el.get("step") == "2":
                p = int(el.get("who"))
                if h.open[p]:
                    continue
                own = [0] * 34
                for t in h.hands[p]:
                    own[kind(t)] += 1
                a = riichi.analyze(tiles_text(own))
                ks = [("mpsz".index(w["tile"][1])) * 9 + int(w["tile"][0]) - 1
                      for w in a.get("waits", [])]
                furiten = any(k in h.ponds[p] for k in ks)
                h.riichi[p] = dict(on=bool(ks), waits=ks, furiten=furiten, pending=0)
                stats["riichi"] += 1
                stats["furiten"] += furiten
            elif tag == "N":
                p = int(el.get("who"))
                tiles, is_open = meld_tiles(int(el.get("m")))
                h.open[p] |= is_open
                for t in tiles:  # the called tile was already seen as a discard
                    h.seen[kind(t)] += 1
                    h.hands[p].remove(t)
            elif tag == "DORA":
                h.seen[kind(int(el.get("hai")))] += 1
            elif tag in ("AGARI", "RYUUKYOKU"):
                winners = set()
                if tag == "AGARI":
                    who, src = int(el.get("who")), int(el.get("fromWho"))
                    winners.add(who)
                    r = h.riichi.get(who)
                    if r and r["on"]:
                        if who == src:
                            stats["tsumos"] += 1
                        elif not r["furiten"]:
                            stats["rons"] += 1
                if h is not None and not getattr(h, "counted", False):
                    h.counted = True
                    for p in range(4):
                        stats["turns"] += h.turns[p]
                        if tag == "AGARI" and p not in winners:
                            stats["others_ended"] += 1
    s = stats
    print(f"games {len(files)}; riichi declarations {s['riichi']} (furiten {s['furiten']})")
    print(f"ron_factor = rons / sum(live/unseen) = {s['rons']} / {s['ron_expect']:.1f} = "
          f"{s['rons'] / s['ron_expect']:.3f} over {s['discards']} opponent discards")
    print(f"tsumo check: wins {s['tsumos']} against {s['tsumo_expect']:.1f} expected over "
          f"{s['draws']} draws: ratio {s['tsumos'] / s['tsumo_expect']:.3f}")
    print(f"end_rate = hands ended by another's win / own turns = {s['others_ended']} / "
          f"{s['turns']} = {s['others_ended'] / s['turns']:.4f}")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    main(sys.argv[1:] or [os.path.join(here, "..", "..", "shared", "data",
                                       "tenhou-mjlog-houou2021")])
