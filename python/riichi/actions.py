"""The fixed discrete action space of :class:`riichi.Env`, :class:`riichi.VectorEnv`,
:meth:`riichi.Game.action_mask` and :mod:`riichi.dataset` (docs/features.md).

Every legal action of a seat has its own index: a tsumogiri and the discard of a held copy of
the same tile are different actions, and so are a call with or without a red five.

=========  ===========================================================================
index      action
=========  ===========================================================================
0..36      discard a held tile of class ``index`` (tedashi): kinds 0..33 (1m..9m, 1p..9p,
           1s..9s, E S W N P F C), 34/35/36 = the red 5m/5p/5s (red-five rules only)
37         tsumogiri: discard the tile just drawn
38..74     riichi, declared with the tedashi discard of class ``index - 38``
75         riichi, declared with tsumogiri
76         tsumo
77         ron (also chankan)
78/79/80   chi with the called tile the lowest / middle / highest of the run
81/82/83   the same, using a red five from the hand
84         pon;  85 pon using a red five from the hand
86         daiminkan (open kan on a discard)
87..120    ankan or kakan of kind ``index - 87``
121        kyuushu kyuuhai (abortive draw)
122        pass (decline every call)
=========  ===========================================================================

>>> action_name(37), action_name(35), action_name(ACT_PON_RED)
('tsumogiri', 'discard 0p', 'pon red')
"""

from __future__ import annotations

import operator
from typing import Any

from . import _riichi

NUM_ACTIONS: int = _riichi.NUM_ACTIONS
ACT_DISCARD: int = _riichi.ACTION_OFFSETS["ACT_DISCARD"]
ACT_TSUMOGIRI: int = _riichi.ACTION_OFFSETS["ACT_TSUMOGIRI"]
ACT_RIICHI: int = _riichi.ACTION_OFFSETS["ACT_RIICHI"]
ACT_RIICHI_TSUMOGIRI: int = _riichi.ACTION_OFFSETS["ACT_RIICHI_TSUMOGIRI"]
ACT_TSUMO: int = _riichi.ACTION_OFFSETS["ACT_TSUMO"]
ACT_RON: int = _riichi.ACTION_OFFSETS["ACT_RON"]
ACT_CHI: int = _riichi.ACTION_OFFSETS["ACT_CHI"]
ACT_CHI_LOW, ACT_CHI_MID, ACT_CHI_HIGH = ACT_CHI, ACT_CHI + 1, ACT_CHI + 2
ACT_CHI_RED: int = _riichi.ACTION_OFFSETS["ACT_CHI_RED"]
ACT_PON: int = _riichi.ACTION_OFFSETS["ACT_PON"]
ACT_PON_RED: int = _riichi.ACTION_OFFSETS["ACT_PON_RED"]
ACT_DAIMINKAN: int = _riichi.ACTION_OFFSETS["ACT_DAIMINKAN"]
ACT_SELF_KAN: int = _riichi.ACTION_OFFSETS["ACT_SELF_KAN"]
ACT_KYUUSHU: int = _riichi.ACTION_OFFSETS["ACT_KYUUSHU"]
ACT_PASS: int = _riichi.ACTION_OFFSETS["ACT_PASS"]
ACT_KITA: int = _riichi.ACTION_OFFSETS["ACT_KITA"]  # three players: a North set aside


def action_index(action: Any) -> int:
    """``action`` as an int index in 0..NUM_ACTIONS-1: a Python or numpy integer (never a bool
    or a float). Raises :class:`riichi.RiichiError` otherwise."""
    if isinstance(action, bool) or not hasattr(type(action), "__index__"):
        raise _riichi.RiichiError(
            f"action: expected an integer index, got {type(action).__name__} {action!r}")
    index = operator.index(action)
    if not 0 <= index < NUM_ACTIONS:
        raise _riichi.RiichiError(
            f"action index {index} out of range 0..{NUM_ACTIONS - 1}")
    return index


def action_name(index: Any) -> str:
    """A readable name of an action index: ``"discard 5p"``, ``"tsumogiri"``, ``"riichi 0s"``,
    ``"chi low red"``, ``"kan 7z"``, ``"pass"``. Accepts numpy integers."""
    return _riichi.action_name(action_index(index))
