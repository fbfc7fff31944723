"""riichi.Env: a Gymnasium-shaped single-agent environment (one seat against opponents)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _riichi, spaces
from ._table import Opponent, final_info, next_seed, play_callables, split_opponents, text_view
from .actions import NUM_ACTIONS, action_index


class Env(spaces.env_base()):  # type: ignore[misc]
    """The agent plays seat ``seat`` against three opponents; Gymnasium's API.

    * ``reset(seed=None, options=None) -> (obs, info)``; ``step(action) -> (obs, reward,
      terminated, truncated, info)``; ``observation_space`` (a ``Box(0, 1, (C, 34), uint8)``,
      float32 with ``dtype=np.float32``), ``action_space`` (``Discrete(NUM_ACTIONS)``),
      ``render()``, ``close()``. The legal actions are ``info["action_mask"]`` (also
      :meth:`action_mask`): ``action_space.sample(info["action_mask"])`` draws a legal one.
    * observation: the planes of docs/features.md for the groups of ``features`` (``None`` =
      the default groups; ``"default,shanten"``, ``"all"``, ...); ``"oracle"`` shows every hand
      and the wall: for training only.
    * ``opponents``: a registry bot name for the three other seats (``"random"``, ``"greedy"``,
      ``"efficiency"``, ``"defensive"``, ``"strong"``: the default), four names separated by commas, a Python callable
      ``f(obs, mask) -> action index`` (obs and mask as the agent gets them), or a list of four
      entries mixing both (the agent's entry ignored).
    * ``episode="game"`` (a whole game, hanchan or tonpuusen) or ``"hand"`` (one hand: each
      ``reset()`` plays the next hand of the game, a new game once it is over or when
      ``reset`` gets a seed); ``options={"episode": ..., "reward": ...}`` in ``reset`` switches.
    * ``reward="game"``: the final score / 1000 at the end of the game (points - return points +
      uma - penalties: +45.3 for a Tenhou first place), 0 before; ``reward="hand"``: the points
      won or lost in each hand / 1000 (the leftover sticks at the end included).
    * ``info``: ``action_mask``, ``seat``, ``hand`` ("East 2"), ``scores``, ``game_seed``; at
      the end of a game ``final_score`` (final score / 1000, the unit of the rewards),
      ``final_points`` (points), ``rank`` and ``hands``.
    * seeds: ``reset()`` without a seed plays the constructor's ``seed``, then ``seed + 1``,
      ...; the bots of a game from seed ``s`` are seeded as in ``riichi selfplay``.

    >>> env = Env("tenhou", opponents="greedy", seed=0)
    >>> obs, info = env.reset()
    >>> obs.shape == env.observation_space.shape, obs.dtype
    (True, dtype('uint8'))
    >>> terminated = False
    >>> while not terminated:
    ...     action = env.action_space.sample(info["action_mask"])
    ...     obs, reward, terminated, truncated, info = env.step(action)
    >>> info["rank"] in (1, 2, 3, 4)
    True
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, rules: str = "tenhou", opponents: Union[Opponent, Sequence[Opponent]] =
                 "strong", seat: int = 0, seed: int = 0, episode: str = "game",
                 reward: str = "game", features: Any = None, dtype: Any = np.uint8,
                 render_mode: Optional[str] = None) -> None:
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < 4:
            raise _riichi.RiichiError(f"seat must be 0..3, got {seat!r}")
        if render_mode not in (None, "ansi", "human"):
            raise _riichi.RiichiError(f"render_mode must be None, 'ansi' or 'human', got "
                                      f"{render_mode!r}")
        self.rules = rules
        self._seat = int(seat)
        self._bots, self._callables = split_opponents(opponents, [self._seat])
        self._features, self._dtype = features, np.dtype(dtype)
        self.render_mode = render_mode
        self._next_seed = next_seed(seed, 0)
        self._configure(episode, reward)
        shape = (self._table.num_planes, 34)
        self.observation_space = spaces.box(shape, self._dtype)
        self.action_space = spaces.discrete(NUM_ACTIONS)
        self._over = True

    def _configure(self, episode: str, reward: str) -> None:
        self.episode, self.reward_mode = episode, reward
        self._table = _riichi.Table(self.rules, self._bots, episode, reward, self._features,
                                    self._dtype)

    @property
    def seat(self) -> int:
        """The agent's seat (0 = the initial East)."""
        return self._seat

    @property
    def game_seed(self) -> int:
        """The seed of the current game."""
        return self._table.game_seed

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Starts an episode and plays the opponents up to the agent's first decision. A whole
        game: a new game from ``seed`` (else the next seed). One hand: the next hand of the
        game, or a new game when it is over or ``seed`` is given. ``options``: ``episode``,
        ``reward`` (as in the constructor), ``new_game`` (True: start a new game)."""
        options = dict(options or {})
        unknown = set(options) - {"episode", "reward", "new_game"}
        if unknown:
            raise _riichi.RiichiError(f"reset options: unknown {sorted(unknown)} "
                                      "(expected episode, reward, new_game)")
        if "episode" in options or "reward" in options:
            self._configure(options.get("episode", self.episode),
                            options.get("reward", self.reward_mode))
        new_game = (seed is not None or options.get("new_game") or self.episode == "game"
                    or not self._table.started or self._table.game_over)
        for _ in range(64):
            if new_game:
                game_seed = next_seed(seed, self._next_seed)
                self._next_seed, seed = game_seed + 1, None
                self._table.start_game(game_seed)
            if play_callables(self._table, self._callables, [self._seat]) >= 0:
                break
            new_game = self._table.game_over  # a hand without a decision of the agent
        else:
            raise _riichi.RiichiError("reset: no decision of the agent in 64 episodes")
        self._table.take_rewards()
        self._over = False
        return self._obs(), self._info()

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        """Applies the agent's action (an integer index in ``info["action_mask"]``; a float, a
        bool or an illegal index raises :class:`riichi.RiichiError`), then the opponents up to
        the agent's next decision or the end of the episode."""
        index = action_index(action)
        if self._over:
            raise _riichi.RiichiError("step() before reset() or after the episode ended: call "
                                      "reset()")
        self._table.apply(self._seat, index)
        terminated = play_callables(self._table, self._callables, [self._seat]) < 0
        reward = float(self._table.take_rewards()[self._seat])
        self._over = terminated
        return self._obs(), reward, terminated, False, self._info()

    def _obs(self) -> np.ndarray:
        return self._table.planes(self._seat)

    def _info(self) -> Dict[str, Any]:
        info = {"action_mask": self.action_mask(), "seat": self._seat,
                "hand": self._table.hand_name, "scores": list(self._table.scores),
                "game_seed": self._table.game_seed}
        if self._table.game_over:
            info.update(final_info(self._table, self._seat))
        return info

    def action_mask(self) -> np.ndarray:
        """A ``(NUM_ACTIONS,)`` bool array of the agent's legal actions now (all False once the
        episode is over)."""
        if self._over:
            return np.zeros(NUM_ACTIONS, dtype=bool)
        return self._table.mask(self._seat)

    def legal_actions(self) -> List[Dict[str, Any]]:
        """The agent's legal actions as engine action dicts (see :class:`riichi.Game`)."""
        return self._table.legal_actions(self._seat)

    def observation(self) -> Dict[str, Any]:
        """The agent's observation as a dict (see :meth:`riichi.Game.observation`)."""
        return self._table.observation(self._seat)

    def render(self) -> Optional[str]:
        """``render_mode="ansi"``: the agent's view as text; ``"human"``: printed."""
        if not self._table.started:
            return None
        text = text_view(self._table, self._seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Releases the game (the env may be reset again)."""
        self._configure(self.episode, self.reward_mode)
        self._over = True
