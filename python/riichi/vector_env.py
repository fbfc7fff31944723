"""riichi.VectorEnv: many games stepped per call in C++ (the GIL released, across threads)."""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Tuple, Union

import numpy as np

from . import _riichi, spaces
from ._table import next_seed, split_opponents
from .actions import NUM_ACTIONS


class VectorEnv:
    """``num_envs`` games at once, with Gymnasium's vector API.

    * ``reset(seed=None) -> (obs, info)``; ``step(actions) -> (obs, rewards, terminated,
      truncated, info)`` with ``actions`` an integer array ``(num_envs,)``; ``obs`` is
      ``(num_envs, C, 34)`` uint8 (float32 with ``dtype=np.float32``), ``info["action_mask"]``
      ``(num_envs, NUM_ACTIONS)`` bool, ``info["seat"]`` the seat each observation is for.
    * ``seats``: the seats the agent plays. An int (one seat against ``opponents``): Gymnasium's
      vector API exactly, ``rewards`` is ``(num_envs,)``. A list of seats or ``"all"``
      (self-play: every decision of those seats is a step): ``rewards`` is ``(num_envs, 4)``,
      what each seat earned in the step.
    * ``opponents``: registry bots for the other seats (one name, or four separated by commas);
      Python callables are for :class:`riichi.Env` (they would hold the GIL).
    * episodes and rewards as :class:`riichi.Env` (``episode="game"|"hand"``,
      ``reward="game"|"hand"``). A game that ends is reset in the same step ("same-step"
      autoreset): ``terminated[i]`` is True and ``obs[i]`` is the first observation of the next
      episode; ``info["final_score"]`` ``(num_envs, 4)`` (final score / 1000, the rewards' unit)
      and ``info["rank"]`` ``(num_envs, 4)`` hold the ended game's table where
      ``terminated`` (0 elsewhere). Game g of env i is dealt from ``seed + i + g * num_envs``.
    * ``threads``: worker threads (the envs are split between them); ``copy=False`` returns the
      env's own arrays, overwritten by the next call (fastest), ``copy=True`` fresh arrays.

    >>> env = VectorEnv(8, seats="all", seed=1)
    >>> obs, info = env.reset()
    >>> obs.shape == (8, env.num_planes, 34)
    True
    >>> actions = env.action_space.sample(info["action_mask"])
    >>> obs, rewards, terminated, truncated, info = env.step(actions)
    >>> rewards.shape
    (8, 4)
    """

    metadata = {"autoreset_mode": "same-step"}

    def __init__(self, num_envs: int, rules: str = "tenhou", opponents: str = "random",
                 seats: Union[int, Sequence[int], str] = 0, seed: int = 0,
                 episode: str = "game", reward: str = "game", features: Any = None,
                 dtype: Any = np.uint8, threads: int = 1, copy: bool = True) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) \
                or num_envs < 1:
            raise _riichi.RiichiError(f"num_envs must be an int >= 1, got {num_envs!r}")
        self._single = not isinstance(seats, (str, list, tuple))
        agent_seats = self._seats(seats)
        if not isinstance(opponents, str):
            raise _riichi.RiichiError("opponents: VectorEnv takes registry bot names (a str); "
                                      "Python opponents need riichi.Env")
        bots, _ = split_opponents(opponents, agent_seats)
        self.seats = agent_seats
        self.num_envs = int(num_envs)
        self.copy = copy
        self._env = _riichi.VectorEnv(self.num_envs, rules, bots, next_seed(seed, 0), episode,
                                      reward, features, np.dtype(dtype), int(threads))
        self.num_planes = self._env.num_planes
        shape = (self.num_planes, 34)
        self.single_observation_space = spaces.box(shape, np.dtype(dtype))
        self.observation_space = spaces.box((self.num_envs,) + shape, np.dtype(dtype))
        self.single_action_space = spaces.discrete(NUM_ACTIONS)
        self.action_space = spaces.multi_discrete([NUM_ACTIONS] * self.num_envs)
        self._started = False

    @staticmethod
    def _seats(seats: Union[int, Sequence[int], str]) -> list:
        if isinstance(seats, str):
            if seats != "all":
                raise _riichi.RiichiError(f"seats: an int, a list of ints or 'all', got {seats!r}")
            return [0, 1, 2, 3]
        items = [seats] if not isinstance(seats, (list, tuple)) else list(seats)
        if not items:
            raise _riichi.RiichiError("seats: the agent must play at least one seat")
        for s in items:
            if isinstance(s, bool) or not isinstance(s, (int, np.integer)) or not 0 <= s < 4:
                raise _riichi.RiichiError(f"seats: seats are 0..3, got {s!r}")
        return sorted({int(s) for s in items})

    @property
    def threads(self) -> int:
        """The number of threads stepping the games."""
        return self._env.threads

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """New games in every env (from ``seed``, else the constructor's), played to their
        first decision of the agent. Returns ``(obs, info)``."""
        if options:
            raise _riichi.RiichiError(f"reset options: none are accepted, got {sorted(options)}")
        out = self._env.reset(None if seed is None else next_seed(seed, 0))
        self._started = True
        obs, mask, seat, _, _, _, _, _, game_seed = out
        return self._out(obs), {"action_mask": self._out(mask), "seat": self._out(seat),
                                "game_seed": self._out(game_seed)}

    def step(self, actions: Any) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                           Dict[str, Any]]:
        """Applies ``actions[i]`` in env i (every index is checked first: an illegal one
        raises :class:`riichi.RiichiError` naming the env, and no game moves)."""
        if not self._started:
            raise _riichi.RiichiError("step() before reset()")
        a = np.asarray(actions)
        if not np.issubdtype(a.dtype, np.integer) or a.dtype == np.bool_:
            raise _riichi.RiichiError(f"actions: an integer array expected, got dtype {a.dtype}")
        if a.shape != (self.num_envs,):
            raise _riichi.RiichiError(f"actions: shape ({self.num_envs},) expected, got {a.shape}")
        obs, mask, seat, rewards, terminated, truncated, final, rank, game_seed = \
            self._env.step(a.astype(np.int64, copy=False))
        if self._single:
            rewards = rewards[:, self.seats[0]]
        info = {"action_mask": self._out(mask), "seat": self._out(seat),
                "final_score": self._out(final), "rank": self._out(rank),
                "game_seed": self._out(game_seed)}
        return (self._out(obs), self._out(rewards), self._out(terminated), self._out(truncated),
                info)

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def close(self) -> None:
        """Nothing to release (the threads stop with the object)."""
