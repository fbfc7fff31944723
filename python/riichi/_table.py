"""Shared parts of the Python envs: opponents, seeds, the text view (render)."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _riichi
from .actions import action_index

Opponent = Union[str, Callable[[np.ndarray, np.ndarray], Any], None]

SEAT_NAMES = ("East", "South", "West", "North")


def split_opponents(opponents: Union[Opponent, Sequence[Opponent]], agent_seats: Sequence[int]
                    ) -> Tuple[List[str], Dict[int, Callable]]:
    """The bot name per seat ("" for the agent's seats and for Python callables) and the
    callables by seat. ``opponents``: a registry name for every other seat, four names
    separated by commas, a callable ``f(obs, mask) -> action index``, or a list of four entries
    (names, callables; the agent's entries are ignored)."""
    if isinstance(opponents, str):
        names = [n.strip() for n in opponents.split(",")]
        if len(names) not in (1, 4):
            raise _riichi.RiichiError(
                f"opponents: one bot name or four separated by commas, got {opponents!r}")
        entries: List[Opponent] = names * 4 if len(names) == 1 else names
    elif callable(opponents):
        entries = [opponents] * 4
    elif isinstance(opponents, (list, tuple)):
        if len(opponents) != 4:
            raise _riichi.RiichiError(
                f"opponents: a list of 4 entries (one per seat) expected, got {len(opponents)}")
        entries = list(opponents)
    else:
        raise _riichi.RiichiError(
            "opponents: expected a bot name, a callable or a list of four, got "
            f"{type(opponents).__name__}")
    bots, callables = [], {}
    for seat, entry in enumerate(entries):
        if seat in agent_seats:
            bots.append("")
        elif isinstance(entry, str):
            if entry not in _riichi.bot_names():
                raise _riichi.RiichiError(
                    f"opponents: unknown bot {entry!r} (known: {', '.join(_riichi.bot_names())})")
            bots.append(entry)
        elif callable(entry):
            bots.append("")
            callables[seat] = entry
        else:
            raise _riichi.RiichiError(
                f"opponents[{seat}]: a bot name or a callable expected, got {entry!r}")
    return bots, callables


def play_callables(table: Any, callables: Dict[int, Callable], stop_seats: Sequence[int]) -> int:
    """Advances the table, asking the Python opponents, until a seat of ``stop_seats`` is to act
    (returns it) or the episode is over (-1)."""
    while True:
        seat = table.advance()
        if seat < 0 or seat in stop_seats:
            return seat
        fn = callables[seat]
        try:
            index = action_index(fn(table.planes(seat), table.mask(seat)))
        except _riichi.RiichiError as e:
            raise _riichi.RiichiError(f"opponent at seat {seat} ({fn!r}): {e}") from None
        table.apply(seat, index)


def text_view(table: Any, seat: int) -> str:
    """What ``seat`` sees, as text: the hand, scores, discards, melds, dora indicators."""
    obs = table.observation(seat)

    def tiles(ids: Sequence[int]) -> str:
        return _riichi.format_ids(list(ids), True) if ids else "-"

    lines = [f"{obs['hand_name']}  honba {obs['honba']}  sticks {obs['riichi_sticks']}  "
             f"live tiles {obs['live_tiles_left']}  dora indicators "
             f"{tiles(obs['dora_indicators'])}"]
    for s in range(4):
        wind = SEAT_NAMES[(s - obs["dealer"]) % 4]
        mark = "*" if s == seat else " "
        riichi = " riichi" if obs["riichi"][s] else ""
        disc = "".join(_riichi.format_ids([d["tile"]], True) + ("'" if d["tsumogiri"] else "")
                       for d in obs["discards"][s])
        melds = " ".join(tiles(m["tiles"]) for m in obs["melds"][s])
        lines.append(f"{mark}P{s} {wind:5} {obs['scores'][s]:6}{riichi}  discards {disc or '-'}"
                     + (f"  melds {melds}" if melds else ""))
    hand = tiles(obs["concealed"])
    drawn = f"  drawn {tiles([obs['drawn']])}" if obs["drawn"] >= 0 else ""
    lines.append(f"P{seat} hand {hand}{drawn}")
    return "\n".join(lines)


def final_info(table: Any, seat: int) -> Dict[str, Any]:
    """The end-of-game fields of ``info`` for ``seat``: ``final_score`` (final score / 1000, the
    unit of the rewards), ``final_points`` (points, leftover sticks included), ``rank``,
    ``hands``."""
    f = table.final_result()
    return {"final_score": f["final_scores"][seat] / 1000.0, "final_points": f["points"][seat],
            "rank": f["ranks"][seat], "hands": table.hands}


def next_seed(seed: Optional[int], fallback: int) -> int:
    """``seed`` if given (an int >= 0), else ``fallback``."""
    if seed is None:
        return fallback
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise _riichi.RiichiError(f"seed: expected an int >= 0, got {seed!r}")
    return int(seed)
