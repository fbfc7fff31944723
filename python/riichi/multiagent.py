"""riichi.MultiAgentEnv: the four seats played from Python, in PettingZoo's AEC style."""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Tuple

import numpy as np

from . import _riichi, spaces
from ._table import final_info, next_seed, text_view
from .actions import NUM_ACTIONS, action_index

try:  # pragma: no cover - depends on the machine
    from pettingzoo import AECEnv as _Base
except ImportError:  # Debian 12 has no pettingzoo
    _Base = object


class MultiAgentEnv(_Base):  # type: ignore[misc,valid-type]
    """Every seat is an agent (``"player_0"`` .. ``"player_3"``, seat 0 = the initial East);
    the API of PettingZoo's AEC environments (agent environment cycle).

    * ``agents``, ``possible_agents``, ``agent_selection`` (the agent to act: the player on
      turn, or the next seat to answer in a claim window), ``observe(agent)`` -> ``{"observation":
      planes, "action_mask": int8 mask}``, ``last()`` -> ``(obs, reward, termination,
      truncation, info)`` of ``agent_selection``, ``step(action)``, ``rewards``,
      ``terminations``, ``truncations``, ``infos``, ``agent_iter()``, ``observation_space(a)``,
      ``action_space(a)``, ``render()``, ``close()``.
    * at the end of an episode every agent is terminated and, as in PettingZoo, steps once more
      with ``None`` (then leaves ``agents``); ``reset()`` starts the next episode.
    * ``episode`` / ``reward`` / ``features`` / ``dtype`` as in :class:`riichi.Env`; the
      rewards of a step go to every seat they concern (all four at the end of a game).

    >>> env = MultiAgentEnv("tenhou", seed=3)
    >>> env.reset()
    >>> for agent in env.agent_iter():
    ...     obs, reward, termination, truncation, info = env.last()
    ...     action = None if termination else int(np.flatnonzero(obs["action_mask"])[0])
    ...     env.step(action)
    >>> env.agents
    []
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "riichi_v0",
                "is_parallelizable": False}

    def __init__(self, rules: str = "tenhou", seed: int = 0, episode: str = "game",
                 reward: str = "game", features: Any = None, dtype: Any = np.uint8,
                 render_mode: Optional[str] = None) -> None:
        if render_mode not in (None, "ansi", "human"):
            raise _riichi.RiichiError(f"render_mode must be None, 'ansi' or 'human', got "
                                      f"{render_mode!r}")
        self.rules, self.episode, self.reward_mode = rules, episode, reward
        self.render_mode = render_mode
        self._table = _riichi.Table(rules, [""] * 4, episode, reward, features, np.dtype(dtype))
        self._next_seed = next_seed(seed, 0)
        # Three players (rules "tenhou_sanma"): player_0..player_2, seat 3 is nobody.
        self.possible_agents: List[str] = [f"player_{s}" for s in range(self._table.players)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        obs_space = spaces.box((self._table.num_planes, 34), np.dtype(dtype))
        mask_space = spaces.box((NUM_ACTIONS,), np.int8)
        self._observation_space = spaces.dict_space({"observation": obs_space,
                                                     "action_mask": mask_space})
        self._action_space = spaces.discrete(NUM_ACTIONS)
        self.agents: List[str] = []
        self.agent_selection: str = self.possible_agents[0]
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}

    def observation_space(self, agent: str) -> Any:
        """``Dict(observation=Box(0, 1, (C, 34)), action_mask=Box(0, 1, (NUM_ACTIONS,), int8))``."""
        return self._observation_space

    def action_space(self, agent: str) -> Any:
        """``Discrete(NUM_ACTIONS)``."""
        return self._action_space

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    @property
    def game_seed(self) -> int:
        """The seed of the current game."""
        return self._table.game_seed

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts the next episode: a new game (from ``seed``, else the next seed), or with
        ``episode="hand"`` the next hand of the game (a new game once it is over, or with
        ``seed`` or ``options={"new_game": True}``)."""
        options = dict(options or {})
        if set(options) - {"new_game"}:
            raise _riichi.RiichiError(f"reset options: unknown {sorted(set(options))} "
                                      "(expected new_game)")
        new_game = (seed is not None or options.get("new_game") or self.episode == "game"
                    or not self._table.started or self._table.game_over)
        if new_game:
            game_seed = next_seed(seed, self._next_seed)
            self._next_seed = game_seed + 1
            self._table.start_game(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._advance()

    def _advance(self) -> None:
        seat = self._table.advance()
        rewards = self._table.take_rewards()
        self.rewards = {a: float(rewards[self._seat_of[a]]) for a in self.agents}
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
            return
        for a in self.agents:
            self.terminations[a] = True
            if self._table.game_over:
                self.infos[a] = final_info(self._table, self._seat_of[a])
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """``{"observation": the planes of the agent's seat, "action_mask": int8 mask}``."""
        seat = self._seat(agent)
        return {"observation": self._table.planes(seat),
                "action_mask": self._table.mask(seat).astype(np.int8)}

    def last(self, observe: bool = True) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        """The observation, cumulative reward, termination, truncation and info of
        ``agent_selection``."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: Any) -> None:
        """Applies ``action`` (an integer index in the action mask) for ``agent_selection``; a
        terminated agent steps with ``None`` and leaves ``agents``."""
        agent = self.agent_selection
        if not self.agents:
            raise _riichi.RiichiError("step() with no agents: call reset()")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise _riichi.RiichiError(f"{agent} is terminated: step(None) expected, got "
                                          f"{action!r}")
            self.agents.remove(agent)
            for d in (self.rewards, self._cumulative_rewards, self.terminations,
                      self.truncations, self.infos):
                d.pop(agent, None)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        index = action_index(action)
        self._cumulative_rewards[agent] = 0.0
        self._table.apply(self._seat_of[agent], index)
        self._advance()

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        """Yields ``agent_selection`` until every agent has left (at most ``max_iter`` times)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self) -> Optional[str]:
        """The view of ``agent_selection`` as text (printed with ``render_mode="human"``)."""
        if not self._table.started:
            return None
        text = text_view(self._table, self._seat_of[self.agent_selection])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (kept for the API)."""

    def _seat(self, agent: str) -> int:
        if agent not in self._seat_of:
            raise _riichi.RiichiError(f"unknown agent {agent!r} (expected {self.possible_agents})")
        return self._seat_of[agent]
