"""Logs to training data: the decisions of real games as numpy batches.

Any log ``riichi`` reads (Tenhou mjlog, plain or gzip; tenhou.net/6 JSON; mjai JSON lines; the
engine's records) is replayed through the engine; every action of a seat that had a choice
becomes one row: that seat's observation planes (docs/features.md), its action mask, the index
of the action taken (always in the mask) and where it came from.

>>> import riichi.dataset
>>> for batch in riichi.dataset.decisions("/work/shared/data/tenhou6/double_ron.json"):
...     print(batch["obs"].shape[1:], batch["mask"][0, batch["action"][0]])  # doctest: +SKIP
(163, 34) True
"""

from __future__ import annotations

import os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _riichi

PathLike = Union[str, "os.PathLike[str]"]
FIELDS = ("obs", "mask", "action", "seat", "source", "game", "hand", "step", "rank")


class Decisions:
    """The decisions of ``sources`` (files, or directories read recursively in name order), in
    batches of at most ``batch_size`` rows; iterable any number of times.

    Each batch is a dict of numpy arrays:

    * ``obs`` ``(B, C, 34)`` uint8 (float32 with ``dtype=np.float32``), for the groups of
      ``features`` (as :class:`riichi.Env`);
    * ``mask`` ``(B, NUM_ACTIONS)`` bool, ``action`` ``(B,)`` int16 (``mask[i, action[i]]`` is
      always True);
    * ``seat`` the seat that acted (0 = the game's first dealer), ``source`` (an index into
      :attr:`sources`), ``game`` (the game's index in its file), ``hand`` (the hand's index in
      the game), ``step`` (the action's index in the game, passes included), ``rank`` (the
      seat's final rank 1..4, 0 when the log ends before the game does).

    ``forced=True`` also gives the actions of a seat with a single legal action. ``rules``
    overrides the rules each log says. ``errors="raise"`` (default): a log that cannot be read or
    replayed raises :class:`riichi.RiichiError`; ``"skip"``: it is listed in :attr:`errors` (the
    decisions before a replay problem are kept). Files of a directory that are no game log at all
    (a README) are skipped and listed in :attr:`skipped`.
    """

    def __init__(self, sources: Union[PathLike, Sequence[PathLike]], batch_size: int = 1024,
                 features: Any = None, dtype: Any = np.uint8, forced: bool = False,
                 rules: Optional[str] = None, errors: str = "raise") -> None:
        if isinstance(sources, (str, os.PathLike)):
            sources = [sources]
        self.paths = [os.fspath(p) for p in sources]
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
            raise _riichi.RiichiError(f"batch_size must be an int >= 1, got {batch_size!r}")
        if errors not in ("raise", "skip"):
            raise _riichi.RiichiError(f"errors must be 'raise' or 'skip', got {errors!r}")
        self.batch_size = batch_size
        self._args = dict(features=features, dtype=np.dtype(dtype), forced=forced, rules=rules,
                          skip_errors=errors == "skip")
        self._reader: Optional[Any] = None
        self.num_planes = _riichi.num_planes(features)

    def __iter__(self) -> Iterator[Dict[str, np.ndarray]]:
        self._reader = _riichi.DecisionReader(self.paths, **self._args)
        while True:
            batch = self._reader.next(self.batch_size)
            if batch is None:
                return
            yield batch

    def _stat(self, name: str) -> Any:
        if self._reader is None:
            raise _riichi.RiichiError(f"{name}: iterate over the decisions first")
        return getattr(self._reader, name)

    @property
    def sources(self) -> List[str]:
        """The files read so far, in order (``batch["source"]`` indexes this list)."""
        return self._stat("sources")

    @property
    def errors(self) -> List[Tuple[str, str]]:
        """``(file, message)`` of every log that could not be read or replayed (errors="skip")."""
        return self._stat("errors")

    @property
    def skipped(self) -> List[str]:
        """Files of the directories that are no game log."""
        return self._stat("skipped")

    @property
    def games(self) -> int:
        """Games read so far."""
        return self._stat("games")

    @property
    def decisions(self) -> int:
        """Rows produced so far."""
        return self._stat("decisions")

    @property
    def offences(self) -> int:
        """Actions of engine records outside the legal set (chombo offences committed in the
        web table), which have no index and give no row."""
        return self._stat("offences")


def decisions(sources: Union[PathLike, Sequence[PathLike]], batch_size: int = 1024,
              **options: Any) -> Decisions:
    """``Decisions(sources, batch_size, **options)``: iterate it for the batches."""
    return Decisions(sources, batch_size, **options)


def load(sources: Union[PathLike, Sequence[PathLike]], **options: Any) -> Dict[str, Any]:
    """Every decision of ``sources`` in one dict of arrays (the fields of :class:`Decisions`),
    plus ``"sources"`` (the file list). For data that fits in memory."""
    ds = Decisions(sources, batch_size=options.pop("batch_size", 65536), **options)
    batches = list(ds)
    out: Dict[str, Any] = {}
    for name in FIELDS:
        if batches:
            out[name] = np.concatenate([b[name] for b in batches])
        else:
            shape = {"obs": (0, ds.num_planes, 34), "mask": (0, _riichi.NUM_ACTIONS)}
            out[name] = np.zeros(shape.get(name, (0,)), dtype=np.uint8 if name == "obs" else
                                 bool if name == "mask" else np.int32)
    out["sources"] = list(ds.sources)
    return out
