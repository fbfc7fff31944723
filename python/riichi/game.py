"""riichi.Game: a whole game (hanchan, or tonpuusen with ``east_only``) as a value."""

from __future__ import annotations

import os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

import numpy as np

from . import _riichi
from .actions import action_index

Action = Dict[str, Any]


class Game:
    """A whole game = rules + seed, played action by action by any agents.

    Seats are 0..3 (0 = the initial East). Actions are dicts ``{"type", "seat", "tile",
    "tsumogiri", "uses", "text"}`` (``tile``/``uses``: physical tile ids 0..135, tile kind =
    id // 4; ``text`` is for reading only) as returned by :meth:`legal_actions`, or an index of
    the discrete action space (:mod:`riichi.actions`) for the seat to play. Each hand's wall is
    dealt from the seed, so the same seed and the same actions give the same game; the game is
    recorded as it goes (:meth:`record`).

    >>> g = Game("tenhou", seed=1)
    >>> while not g.is_over:
    ...     g.apply(g.legal_actions()[0])
    """

    __slots__ = ("_g", "log_actions", "source")

    def __init__(self, rules: str = "tenhou", seed: int = 0,
                 players: Optional[Sequence[str]] = None,
                 walls: Optional[Sequence[Sequence[int]]] = None) -> None:
        """``rules``: a preset (``tenhou``, ``ema2016``, ``ema2008``, ``mahjongsoul``,
        ``mleague``, ``wrc``) with optional overrides
        (``"ema2016,east_only=true"``). ``players``: four names for the record. ``walls``: the
        walls of the first hands (each 136 tile ids in draw order, the layout of RULES.md §2.3 /
        src/riichi/wall.hpp: the deal from slot 0, the dead wall at the end); the hands after
        them are dealt from the seed. A game with given walls has no :meth:`record`."""
        if players is not None:
            players = list(players)
            if len(players) != 4:
                raise _riichi.RiichiError(f"players: expected 4 names, got {len(players)}")
        walls = [list(map(int, w)) for w in walls] if walls is not None else []
        self._g = _riichi.Game(rules, seed, players, walls)
        self.log_actions: List[Action] = []
        self.source = ""

    @classmethod
    def from_log(cls, source: Union[str, "os.PathLike[str]", bytes], game: int = 0,
                 stop: Optional[int] = None, rules: Optional[str] = None) -> "Game":
        """The game ``game`` (0 = the first) of a log (a file name, or the file's bytes): Tenhou
        mjlog (plain or gzip), tenhou.net/6 JSON, mjai JSON lines or an engine record, with the
        rules the log says (or ``rules``). The game is dealt from the log's walls and has its
        first ``stop`` actions applied (all of them by default: the game as it ended);
        :attr:`log_actions` holds every action of the log (passes included), so that
        ``Game.from_log(f, stop=k)`` is the position before action ``k``. Seats are the
        engine's: seat 0 is the log's first dealer. Raises RiichiError for a log that cannot be
        read, or that the engine does not replay to its end (the message says where)."""
        data = source if isinstance(source, bytes) else os.fspath(source)
        games = _riichi.read_log(data, rules)
        if not 0 <= game < len(games):
            raise _riichi.RiichiError(f"{source!r}: game {game} asked, the log holds "
                                      f"{len(games)}")
        logged = games[game]
        if logged.stopped:
            raise _riichi.RiichiError(f"{logged.source}: the replay stops: {logged.stopped}")
        if logged.notes:
            raise _riichi.RiichiError(f"{logged.source}: the replay stops after a hand the log "
                                      f"scores otherwise: {logged.notes}")
        if stop is not None and (isinstance(stop, bool) or not 0 <= stop <= len(logged.actions)):
            raise _riichi.RiichiError(f"stop must be 0..{len(logged.actions)}, got {stop!r}")
        g = cls._wrap(_riichi.Game(logged, stop))
        g.log_actions = logged.actions
        g.source = logged.source
        return g

    @classmethod
    def _wrap(cls, inner: Any) -> "Game":
        game = cls.__new__(cls)
        game._g = inner
        game.log_actions = []
        game.source = ""
        return game

    @property
    def seed(self) -> int:
        """The game seed."""
        return self._g.seed

    @property
    def rules(self) -> str:
        """The rules as a full override spec (every field)."""
        return self._g.rules

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (then :meth:`final_result` is meaningful)."""
        return self._g.is_over

    @property
    def to_play(self) -> int:
        """The seat expected to act now (the first pending seat of a claim window), -1 when
        over."""
        return self._g.to_play

    @property
    def hand_name(self) -> str:
        """``"East 1"``, ``"South 4"``: the hand being played (the last one when over)."""
        return self._g.hand_name

    @property
    def hands_dealt(self) -> int:
        """Hands finished so far (chombo replays included)."""
        return self._g.hands_dealt

    @property
    def scores(self) -> List[int]:
        """The current points of the four seats (riichi stakes already paid)."""
        return list(self._g.scores)

    def legal_actions(self, seat: Optional[int] = None) -> List[Action]:
        """The actions ``seat`` (default: :attr:`to_play`) may take now; empty if none."""
        return self._g.legal_actions(seat)

    def action_mask(self, seat: Optional[int] = None) -> np.ndarray:
        """A ``(NUM_ACTIONS,)`` bool array: which indices of the discrete action space
        (:mod:`riichi.actions`) are legal for ``seat`` (default: :attr:`to_play`)."""
        return self._g.action_mask(seat)

    def action_index(self, action: Mapping[str, Any]) -> int:
        """The index of an action dict in the discrete action space."""
        return self._g.action_index(dict(action))

    def apply(self, action: Union[Mapping[str, Any], int]) -> None:
        """Apply an action dict (any seat with something to do), or an action index for the
        seat to play (a Python or numpy integer). Raises RiichiError with the engine's reason
        when it is not legal (the game is unchanged). A hand's last action settles it and deals
        the next hand."""
        if isinstance(action, Mapping):
            self._g.apply(dict(action))
        else:
            self._g.apply(action_index(action))

    def observation(self, seat: int) -> Dict[str, Any]:
        """What ``seat`` may know, as a dict (round.hpp's Observation plus the game):
        ``seat, dealer, round_wind, honba, riichi_sticks, scores, concealed`` (own ids),
        ``drawn, discards`` (per seat: ``[{tile, tsumogiri, riichi, called}]``), ``melds`` (per
        seat: ``[{type, tiles, from}]``), ``riichi, concealed_count, dora_indicators,
        live_tiles_left, to_play, phase, last_discard, legal_actions, hand_name, hand_number,
        hands_played, game_scores, game_over``. Other seats' concealed tiles are not in it."""
        return self._g.observation(seat)

    def observation_planes(self, seat: int, features: Any = None, dtype: Any = np.uint8
                           ) -> np.ndarray:
        """The observation of ``seat`` as a ``(C, 34)`` array of 0/1 values, plane by plane in
        docs/features.md: uint8, or float32 with ``dtype=np.float32``; ``features`` chooses the
        optional groups (None = the default ones; ``"default,shanten"``, ``"all"``, ...)."""
        return self._g.observation_planes(seat, features, np.dtype(dtype))

    @property
    def num_actions(self) -> int:
        """Actions applied so far (passes included)."""
        return self._g.num_actions

    def clone(self) -> "Game":
        """An independent copy: playing on either leaves the other unchanged."""
        g = Game._wrap(self._g.clone())
        g.log_actions, g.source = self.log_actions, self.source
        return g

    __copy__ = clone

    def __deepcopy__(self, memo: Any) -> "Game":
        return self.clone()

    def evaluate(self, seat: Optional[int] = None, fast: bool = False) -> Dict[str, Any]:
        """Every legal action of ``seat`` (default: :attr:`to_play`) valued from what the seat
        sees: push or fold (docs/eval.md, "Options: push or fold"). Returns ``{seat, turn,
        kind, threat, hazard, best, options}``; ``options`` has one dict per
        :meth:`legal_actions` entry, in that order: ``action, kind`` (discard, riichi, call,
        pass, kan, win, kyuushu), ``plan`` (push, fold, win, abort), ``reason_kind,
        exp_score`` (expected points from here on), ``utility, win_prob, tenpai_prob,
        deal_in_prob`` (the tile discarded now), ``deal_in_later, win_points, deal_in_loss,
        shanten, effective_tiles, then`` (a chi or pon: the discard after it, else None) and
        ``reason`` (one line). ``best`` is the index of the highest value. ``fast=True`` is the
        bots' setting (a faster hand-value model, no reasons). Raises RiichiError when the
        seat has nothing to decide."""
        return self._g.evaluate(seat, fast)

    def record(self) -> str:
        """The game's record so far: JSON lines (docs/record-format.md), readable by
        ``riichi replay``. The same seed and actions give the same text. A game dealt from
        given walls (or a log) has none: RiichiError."""
        return self._g.record()

    def final_result(self) -> Dict[str, List[int]]:
        """The final table once over: ``points, ranks, uma, penalties, final_scores``
        (points - return points + uma - penalties) and ``leftover_sticks``."""
        return self._g.final_result()

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.hand_name}, seat {self.to_play} to play"
        return f"<riichi.Game seed={self.seed} {state}>"
