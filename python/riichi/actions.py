"""The fixed discrete action space of :class:`riichi.Env` and :meth:`riichi.Game.action_mask`.

=========  ===========================================================================
index      action
=========  ===========================================================================
0..36      discard a tile class: kinds 0..33 (1m..9m, 1p..9p, 1s..9s, E S W N P F C),
           34/35/36 = the red 5m/5p/5s (red fives only)
37..73     declare riichi with the discard of tile class ``index - 37``
74         tsumo
75         ron (also chankan)
76/77/78   chi with the called tile lowest / middle / highest of the run
79         pon
80         daiminkan (open kan on a discard)
81..114    ankan or kakan of kind ``index - 81``
115        kyuushu kyuuhai (abortive draw)
116        pass (decline every call)
=========  ===========================================================================

When several legal actions share an index (a discard of the drawn tile and of a held copy of
the same kind, a chi or pon with or without a red five), the first in the engine's order is
taken.
"""

from __future__ import annotations

ACT_DISCARD = 0
ACT_RIICHI = 37
ACT_TSUMO = 74
ACT_RON = 75
ACT_CHI_LOW = 76
ACT_CHI_MID = 77
ACT_CHI_HIGH = 78
ACT_PON = 79
ACT_DAIMINKAN = 80
ACT_SELF_KAN = 81
ACT_KYUUSHU = 115
ACT_PASS = 116
NUM_ACTIONS = 117

_KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
_CLASSES = _KINDS + ["0m", "0p", "0s"]


def action_name(index: int) -> str:
    """A readable name of an action index: ``"discard 5p"``, ``"riichi 0s"``, ``"pon"``."""
    if not isinstance(index, int) or not 0 <= index < NUM_ACTIONS:
        raise ValueError(f"action index must be an int in 0..{NUM_ACTIONS - 1}, got {index!r}")
    if index < ACT_RIICHI:
        return "discard " + _CLASSES[index]
    if index < ACT_TSUMO:
        return "riichi " + _CLASSES[index - ACT_RIICHI]
    if ACT_SELF_KAN <= index < ACT_KYUUSHU:
        return "kan " + _KINDS[index - ACT_SELF_KAN]
    return {ACT_TSUMO: "tsumo", ACT_RON: "ron", ACT_CHI_LOW: "chi low", ACT_CHI_MID: "chi mid",
            ACT_CHI_HIGH: "chi high", ACT_PON: "pon", ACT_DAIMINKAN: "daiminkan",
            ACT_KYUUSHU: "kyuushu", ACT_PASS: "pass"}[index]
