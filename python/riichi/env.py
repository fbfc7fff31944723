"""riichi.Env: a Gym-style single-agent environment (one seat against three bots)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from . import _riichi


class Env:
    """The agent plays seat ``seat`` of a whole game (hanchan) against three registry bots.

    * observation: the ``(NUM_PLANES, 34)`` float32 planes of docs/features.md;
    * action: an int of the discrete action space (:mod:`riichi.actions`, ``NUM_ACTIONS``
      = 117); :meth:`action_mask` tells which are legal now (also ``info["action_mask"]``);
    * :meth:`step` returns only when the agent must act again or the game is over: every
      decision of the agent is asked, claim windows included (pass is index 116);
    * reward: 0 until the end of the game, then the agent's final score / 1000 (points -
      return points + uma - penalties, e.g. +45.3 for a first place); ``info["score_delta"]``
      gives the points won or lost during the step (hands settled in it);
    * ``opponents``: one registry name for the three bots (``"random"``, ``"greedy"``,
      ``"defensive"``, ...) or four names separated by commas (the agent's seat ignored);
    * seeds: ``reset()`` without a seed plays ``seed``, then ``seed + 1``, ...; the bots of a
      game from seed ``s`` are seeded as in ``riichi selfplay`` (bot_seed(s, seat)).

    >>> env = Env("tenhou", seed=0, opponents="greedy")
    >>> obs = env.reset()
    >>> done = False
    >>> while not done:
    ...     action = int(np.flatnonzero(env.action_mask())[0])
    ...     obs, reward, done, info = env.step(action)
    """

    def __init__(self, rules: str = "tenhou", seed: int = 0, opponents: str = "strong",
                 seat: int = 0) -> None:
        self._env = _riichi.Env(rules, seed, opponents, seat)
        self.rules = rules
        self.opponents = opponents
        self.num_actions = _riichi.NUM_ACTIONS
        self.observation_shape = (_riichi.NUM_PLANES, 34)

    @property
    def seat(self) -> int:
        """The agent's seat (0 = the initial East)."""
        return self._env.seat

    @property
    def game_seed(self) -> int:
        """The seed of the current game."""
        return self._env.game_seed

    @property
    def done(self) -> bool:
        """Whether the current game is over."""
        return self._env.done

    def reset(self, seed: Optional[int] = None) -> np.ndarray:
        """Start a new game (``seed``, or the next seed) and play the bots up to the agent's
        first decision. Returns the observation planes."""
        return self._env.reset(seed)

    def step(self, action: int) -> Tuple[np.ndarray, float, bool, Dict[str, Any]]:
        """Apply the agent's action index, then the bots until the agent's next decision or the
        end. Returns ``(obs, reward, done, info)``; ``info``: ``score_delta``,
        ``hands_settled``, ``action_mask``, and at the end ``final_score``, ``points``, ``rank``,
        ``hands``. Raises RiichiError for an index not in the mask."""
        return self._env.step(int(action))

    def action_mask(self) -> np.ndarray:
        """A ``(NUM_ACTIONS,)`` bool array of the legal action indices now."""
        return self._env.action_mask()

    def legal_actions(self) -> List[Dict[str, Any]]:
        """The agent's legal actions as engine action dicts (see :class:`riichi.Game`)."""
        return self._env.legal_actions()

    def observation(self) -> Dict[str, Any]:
        """The agent's observation as a dict (see :meth:`riichi.Game.observation`)."""
        return self._env.observation()
