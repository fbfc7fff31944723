"""riichi: a Riichi Mahjong engine (C++20) for Python.

Hand tools return plain dicts with the same fields as the CLI's ``--json`` output::

    >>> import riichi
    >>> riichi.analyze("23456p99s123m456s")["waits"][0]
    {'remaining': 4, 'shapes': ['ryanmen'], 'tile': '1p'}
    >>> riichi.score("closed=33m123m123s456s78s win=9s tsumo seat=S flags=riichi")["han"]
    5

Tables: :class:`Game` (a whole game driven action by action, for any number of agents; also
from a log: :meth:`Game.from_log`), :class:`Env` (Gymnasium's single-agent API),
:class:`MultiAgentEnv` (PettingZoo's AEC API, four seats from Python) and :class:`VectorEnv`
(many games stepped per call in C++, across threads). :mod:`riichi.dataset` turns logs into
(observation, mask, action) batches. Observations are dicts (:meth:`Game.observation`) or
``(C, 34)`` arrays of 0/1 planes (docs/features.md); actions are indices of a fixed space of
``NUM_ACTIONS`` (:mod:`riichi.actions`). Bad input and illegal actions raise
:class:`RiichiError` (a ``ValueError``) with the engine's message.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

try:
    from . import _riichi
except ImportError as _e:  # the source tree (python/riichi) has no compiled extension
    raise ImportError(
        f"riichi: the compiled extension _riichi is not next to {__file__} ({_e}). This is the "
        "source tree: install the module (pip install --no-build-isolation . or make "
        "python-install), or build it (make build) and use PYTHONPATH=build/python") from None

from ._riichi import NUM_ACTIONS, NUM_PLANES, RiichiError
from .actions import (
    ACT_CHI,
    ACT_CHI_HIGH,
    ACT_CHI_LOW,
    ACT_CHI_MID,
    ACT_CHI_RED,
    ACT_DAIMINKAN,
    ACT_DISCARD,
    ACT_KYUUSHU,
    ACT_PASS,
    ACT_KITA,
    ACT_PON,
    ACT_PON_RED,
    ACT_RIICHI,
    ACT_RIICHI_TSUMOGIRI,
    ACT_RON,
    ACT_SELF_KAN,
    ACT_TSUMO,
    ACT_TSUMOGIRI,
    action_name,
)
from .env import Env
from .game import Game
from .multiagent import MultiAgentEnv
from .vector_env import VectorEnv

__version__: str = _riichi.__version__

__all__ = [
    "__version__",
    "RiichiError",
    "NUM_ACTIONS",
    "NUM_PLANES",
    "parse",
    "format",
    "analyze",
    "score",
    "bot_names",
    "rules_spec",
    "plane_names",
    "num_planes",
    "presets",
    "Game",
    "Env",
    "MultiAgentEnv",
    "VectorEnv",
    "action_name",
    "ACT_DISCARD",
    "ACT_TSUMOGIRI",
    "ACT_RIICHI",
    "ACT_RIICHI_TSUMOGIRI",
    "ACT_TSUMO",
    "ACT_RON",
    "ACT_CHI",
    "ACT_CHI_LOW",
    "ACT_CHI_MID",
    "ACT_CHI_HIGH",
    "ACT_CHI_RED",
    "ACT_PON",
    "ACT_PON_RED",
    "ACT_DAIMINKAN",
    "ACT_SELF_KAN",
    "ACT_KYUUSHU",
    "ACT_PASS",
    "ACT_KITA",
]

HandLike = Union[str, Mapping[str, Any], Sequence[str], Sequence[int]]

_MELD_LETTERS = {"chi": "c", "pon": "p", "daiminkan": "m", "kakan": "k", "ankan": "a"}


def parse(text: str) -> Dict[str, Any]:
    """Parse a hand in mpsz notation (RULES.md §1.3), melds allowed (``c456s p777z a1111m``).

    Returns ``{"concealed": ["1m", ...], "melds": [{"type", "tiles", "open", "text"}],
    "text": canonical form}``. Tiles are strings; a red five is ``"0m"``/``"0p"``/``"0s"``.
    Raises RiichiError naming the position of the first fault.
    """
    if not isinstance(text, str):
        raise RiichiError(f"parse: expected a str, got {type(text).__name__}")
    return _riichi.parse_hand(text)


def _meld_token(meld: Any) -> str:
    if isinstance(meld, str):
        return meld
    if not isinstance(meld, Mapping) or "type" not in meld or "tiles" not in meld:
        raise RiichiError(f"meld: expected a str or a dict with 'type' and 'tiles', got {meld!r}")
    letter = _MELD_LETTERS.get(meld["type"])
    if letter is None:
        raise RiichiError(
            f"meld: unknown type {meld['type']!r} (expected {', '.join(_MELD_LETTERS)})")
    tiles = list(meld["tiles"])
    if not tiles or any(not isinstance(t, str) or len(t) != 2 for t in tiles):
        raise RiichiError(f"meld: 'tiles' must be tile strings like '5p', got {tiles!r}")
    suits = {t[1] for t in tiles}
    if len(suits) != 1:
        raise RiichiError(f"meld: tiles of one suit expected, got {tiles!r}")
    return letter + "".join(t[0] for t in tiles) + tiles[0][1]


def _hand_text(hand: HandLike, red_fives: bool = True) -> str:
    """Any accepted hand form as notation text (not yet checked)."""
    if isinstance(hand, str):
        return hand
    if isinstance(hand, Mapping):
        concealed = hand.get("concealed", [])
        parts = [concealed if isinstance(concealed, str) else "".join(concealed)]
        melds = hand.get("melds", [])
        if isinstance(melds, str):
            parts.append(melds)
        else:
            parts.extend(_meld_token(m) for m in melds)
        return " ".join(p for p in parts if p)
    if isinstance(hand, (list, tuple)):
        if all(isinstance(t, bool) for t in hand) and hand:
            raise RiichiError("hand: expected tile strings or tile ids, got bools")
        if all(isinstance(t, int) for t in hand):
            return _riichi.format_ids(list(hand), red_fives)
        if all(isinstance(t, str) for t in hand):
            return "".join(hand)
        raise RiichiError("hand: a list must hold only tile strings ('5p') or only tile ids")
    raise RiichiError(f"hand: expected a str, dict, or list of tiles, got {type(hand).__name__}")


def format(hand: HandLike, red_fives: bool = True) -> str:  # noqa: A001 (riichi.format)
    """The canonical notation of a hand: suits in order m p s z, ascending, melds after.

    ``hand`` is notation text, a dict as returned by :func:`parse`, a list of tile strings
    (``["5p", "1m"]``) or a list of physical tile ids 0..135. For ids, ``red_fives`` tells
    whether copy 0 of a five (ids 16, 52, 88) is red: True by default, as in the default rules
    (``tenhou``); pass False for rules without red fives. Raises RiichiError for a malformed
    hand.

    >>> format([16, 17, 0]), format([16, 17, 0], red_fives=False)
    ('105m', '155m')
    """
    return _riichi.format_hand(_hand_text(hand, red_fives))


def analyze(hand: HandLike, visible: Optional[Union[str, Sequence[str], Sequence[int]]] = None,
            ev: bool = False, model: str = "default", turn: int = 1,
            dora: Optional[Union[str, Sequence[str]]] = None, seat: str = "S", round: str = "E",
            rules: str = "ema2016") -> Dict[str, Any]:  # noqa: A002 (round: the round wind)
    """Shanten, waits, effective tiles and the discard table: ``riichi analyze --json``.

    Fields: ``hand``, ``concealed_tiles``, ``shanten``, ``shanten_forms``; for 3n+1 tiles
    ``tenpai`` and either ``waits: [{tile, remaining, shapes}]``, ``waits_total``,
    ``tenpai_for_payment`` or ``ukeire: [{tile, remaining}]``, ``ukeire_total``; for 3n+2 tiles
    ``complete`` and ``discards: [{tile, shanten, ukeire_total, ukeire}]`` (best first).
    ``visible``: tiles seen elsewhere (discards, melds, dora indicators), subtracted from the
    remaining counts. Raises RiichiError for a malformed hand.

    ``ev=True`` (``riichi analyze --ev --json``, docs/eval.md): a 3n+2 hand's discards, one per
    tile (a red five apart), best first by expected score at ``turn`` (draws made, 0..18), each
    with ``ev: {tenpai_prob, win_prob, exp_score, tenpai_prob_by_turn, win_prob_by_turn,
    exp_score_by_turn, riichi}`` (lists indexed by turn 0..18), and ``ev_time_ms``. ``model``:
    ``"default"`` (ours) or ``"reference"`` (the open-source calculator's model); ``dora``:
    indicators; ``seat``, ``round``: winds E/S/W/N (E = dealer); ``rules``: the preset scoring
    wins in the default model.
    """
    seen = "" if visible is None else _hand_text(visible)
    indicators = "" if dora is None else _hand_text(dora)
    return _riichi.analyze(_hand_text(hand), seen, ev, model, turn, indicators, seat, round,
                           rules)


_VECTOR_KEYS = ("closed", "melds", "win", "win_type", "ron", "tsumo", "seat", "round", "dora",
                "ura", "flags", "honba", "sticks", "from", "pao")


def _vector_text(v: Mapping[str, Any]) -> str:
    unknown = [k for k in v if k not in _VECTOR_KEYS]
    if unknown:
        raise RiichiError(
            f"win vector: unknown key {unknown[0]!r} (expected {', '.join(_VECTOR_KEYS)})")
    for key in ("closed", "win"):
        if key not in v:
            raise RiichiError(f"win vector: missing key {key!r}")
    closed = v["closed"] if isinstance(v["closed"], str) else "".join(v["closed"])
    parts = [f"closed={closed}"]
    melds = v.get("melds")
    if melds:
        tokens = melds if isinstance(melds, str) else " ".join(_meld_token(m) for m in melds)
        parts.append(f"melds=[{tokens}]")
    parts.append(f"win={v['win']}")
    win_type = v.get("win_type")
    if win_type is None:
        win_type = "tsumo" if v.get("tsumo") else "ron" if v.get("ron", True) else None
    if win_type not in ("ron", "tsumo"):
        raise RiichiError(f"win vector: win_type must be 'ron' or 'tsumo', got {win_type!r}")
    parts.append(win_type)
    for key in ("seat", "round", "honba", "sticks", "from", "pao"):
        if v.get(key) is not None:
            parts.append(f"{key}={v[key]}")
    for key in ("dora", "ura"):
        if v.get(key):
            tiles = v[key] if isinstance(v[key], str) else "".join(v[key])
            parts.append(f"{key}={tiles}")
    flags = v.get("flags")
    if flags:
        parts.append("flags=" + (flags if isinstance(flags, str) else ",".join(flags)))
    return " ".join(parts)


def score(vector: Union[str, Mapping[str, Any]], rules: str = "ema2016") -> Dict[str, Any]:
    """Score a win: ``riichi score --json``.

    ``vector`` is the test-vector notation of RULES.md §1.3 (``"closed=33m123m123s456s78s
    win=9s tsumo seat=S flags=riichi"``) or the same as a dict: ``closed``, ``melds`` (tokens or
    dicts as from :func:`parse`), ``win``, ``win_type`` ("ron"/"tsumo") or ``tsumo=True``,
    ``seat``, ``round``, ``dora``, ``ura``, ``flags`` (list), ``honba``, ``sticks``, ``from``,
    ``pao``. ``rules``: a preset (``ema2016``, ``ema2008``, ``tenhou``, ``mahjongsoul``, ``mleague``, ``wrc``;
    ``riichi.presets()`` lists them) with overrides
    (``"ema2016,open_tanyao=false"``).

    Returns ``ok``, ``han``, ``fu``, ``fu_raw``, ``yaku: [{name, han}]``, ``fu_items``,
    ``dora``, ``ura``, ``red``, ``limit``, ``basic_points``, ``payments``, ``total``, ...;
    a hand that is no valid win gives ``ok: False`` with ``error`` and ``error_kind``.
    Raises RiichiError for a malformed vector or rules.
    """
    if isinstance(vector, Mapping):
        text = _vector_text(vector)
    elif isinstance(vector, str):
        text = vector
    else:
        raise RiichiError(f"score: expected a str or dict, got {type(vector).__name__}")
    return _riichi.score(text, rules)


def bot_names() -> List[str]:
    """The names of the registered bots (opponents of :class:`Env`, ``--bots`` of selfplay)."""
    return list(_riichi.bot_names())


def presets() -> Dict[str, str]:
    """The rule presets, name -> one-line description, in the order they are offered
    (``ema2016`` ... ``wrc``; docs/rules-presets.md cites the rulebook behind each)."""
    return dict(_riichi.presets())


def rules_spec(rules: str) -> str:
    """The full override spec of a rules string (every field), as records store it."""
    return _riichi.rules_spec(rules)


def plane_names(features: Any = None) -> List[str]:
    """The name of every observation plane for the groups of ``features`` (docs/features.md):
    ``"hand>=1"``, ``"discard[rel2][5]"``, ...; its length is the number of planes."""
    return list(_riichi.plane_names(features))


def num_planes(features: Any = None) -> int:
    """The number of observation planes for the groups of ``features`` (``NUM_PLANES`` for the
    default groups)."""
    return _riichi.num_planes(features)
