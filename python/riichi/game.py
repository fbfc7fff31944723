"""riichi.Game: a whole game (hanchan, or tonpuusen with ``east_only``) as a value."""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

import numpy as np

from . import _riichi

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

    __slots__ = ("_g",)

    def __init__(self, rules: str = "tenhou", seed: int = 0,
                 players: Optional[Sequence[str]] = None) -> None:
        """``rules``: a preset (``tenhou``, ``ema2016``, ``ema2008``, ``mahjongsoul``,
        ``mleague``, ``wrc``) with optional overrides
        (``"ema2016,east_only=true"``). ``players``: four names for the record."""
        if players is not None:
            players = list(players)
            if len(players) != 4:
                raise _riichi.RiichiError(f"players: expected 4 names, got {len(players)}")
        self._g = _riichi.Game(rules, seed, players)

    @classmethod
    def _wrap(cls, inner: Any) -> "Game":
        game = cls.__new__(cls)
        game._g = inner
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
        seat to play. Raises RiichiError with the engine's reason when it is not legal (the
        game is unchanged). A hand's last action settles it and deals the next hand."""
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            self._g.apply(int(action))
        else:
            self._g.apply(dict(action))

    def observation(self, seat: int) -> Dict[str, Any]:
        """What ``seat`` may know, as a dict (round.hpp's Observation plus the game):
        ``seat, dealer, round_wind, honba, riichi_sticks, scores, concealed`` (own ids),
        ``drawn, discards`` (per seat: ``[{tile, tsumogiri, riichi, called}]``), ``melds`` (per
        seat: ``[{type, tiles, from}]``), ``riichi, concealed_count, dora_indicators,
        live_tiles_left, to_play, phase, last_discard, legal_actions, hand_name, hand_number,
        hands_played, game_scores, game_over``. Other seats' concealed tiles are not in it."""
        return self._g.observation(seat)

    def observation_planes(self, seat: int) -> np.ndarray:
        """The observation of ``seat`` as a ``(NUM_PLANES, 34)`` float32 array, plane by plane
        in docs/features.md."""
        return self._g.observation_planes(seat)

    def clone(self) -> "Game":
        """An independent copy: playing on either leaves the other unchanged."""
        return Game._wrap(self._g.clone())

    __copy__ = clone

    def __deepcopy__(self, memo: Any) -> "Game":
        return self.clone()

    def record(self) -> str:
        """The game's record so far: JSON lines (docs/record-format.md), readable by
        ``riichi replay``. The same seed and actions give the same text."""
        return self._g.record()

    def final_result(self) -> Dict[str, List[int]]:
        """The final table once over: ``points, ranks, uma, penalties, final_scores``
        (points - return points + uma - penalties) and ``leftover_sticks``."""
        return self._g.final_result()

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.hand_name}, seat {self.to_play} to play"
        return f"<riichi.Game seed={self.seed} {state}>"
