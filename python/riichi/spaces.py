"""Observation and action spaces: Gymnasium's when it is importable, else small classes with
the same interface (``shape``, ``dtype``, ``n``, ``sample()``, ``contains()``, ``seed()``).

Gymnasium is not packaged in Debian 12; with it installed (``pip install gymnasium``) the envs
of :mod:`riichi` return ``gymnasium.spaces.Box`` / ``Discrete`` / ``Dict`` and subclass
``gymnasium.Env``.

>>> space = Discrete(4, seed=0)
>>> space.contains(3), space.contains(4), space.n
(True, False, 4)
"""

from __future__ import annotations

from typing import Any, Dict as DictT, Optional, Sequence

import numpy as np

try:  # pragma: no cover - depends on the machine
    import gymnasium as _gym
    from gymnasium import spaces as _gym_spaces
except ImportError:  # Debian 12 has no gymnasium
    _gym = None
    _gym_spaces = None

HAVE_GYMNASIUM = _gym is not None


class Space:
    """The common part: a dtype, a shape and a random generator."""

    def __init__(self, shape: Sequence[int] = (), dtype: Any = None,
                 seed: Optional[int] = None) -> None:
        self.shape = tuple(int(n) for n in shape)
        self.dtype = np.dtype(dtype) if dtype is not None else None
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed: Optional[int] = None) -> list:
        """Reseeds :meth:`sample`."""
        self.np_random = np.random.default_rng(seed)
        return [seed]

    def __contains__(self, x: Any) -> bool:
        return self.contains(x)


class Discrete(Space):
    """Integers ``start .. start + n - 1``. ``sample(mask)`` draws among the masked ones (a
    ``(n,)`` int8 or bool array, as Gymnasium's)."""

    def __init__(self, n: int, seed: Optional[int] = None, start: int = 0) -> None:
        super().__init__((), np.int64, seed)
        self.n = int(n)
        self.start = int(start)

    def sample(self, mask: Optional[np.ndarray] = None) -> int:
        """A uniformly random element (among ``mask``'s ones when given)."""
        if mask is None:
            return self.start + int(self.np_random.integers(self.n))
        allowed = np.flatnonzero(np.asarray(mask))
        if len(allowed) == 0:
            return self.start
        return self.start + int(allowed[self.np_random.integers(len(allowed))])

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is an integer in range (numpy integers and 0-d integer arrays too)."""
        if isinstance(x, (bool, np.bool_)):
            return False
        if isinstance(x, np.ndarray) and x.shape == () and np.issubdtype(x.dtype, np.integer):
            x = int(x)
        if not isinstance(x, (int, np.integer)):
            return False
        return self.start <= int(x) < self.start + self.n

    def __repr__(self) -> str:
        return f"Discrete({self.n})"

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Discrete) and (self.n, self.start) == (other.n, other.start)


class Box(Space):
    """Arrays of ``shape`` and ``dtype`` with values in ``[low, high]``."""

    def __init__(self, low: float, high: float, shape: Sequence[int], dtype: Any = np.float32,
                 seed: Optional[int] = None) -> None:
        super().__init__(shape, dtype, seed)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)

    def sample(self, mask: Any = None) -> np.ndarray:
        """A random array of the space (uniform integers or floats in the bounds)."""
        if np.issubdtype(self.dtype, np.integer):
            return self.np_random.integers(self.low, self.high, endpoint=True).astype(self.dtype)
        return self.np_random.uniform(self.low, self.high).astype(self.dtype)

    def contains(self, x: Any) -> bool:
        """Whether ``x`` has the shape, a castable dtype and values in the bounds."""
        if not isinstance(x, np.ndarray):
            try:
                x = np.asarray(x, dtype=self.dtype)
            except (ValueError, TypeError):
                return False
        return (x.shape == self.shape and np.can_cast(x.dtype, self.dtype)
                and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

    def __repr__(self) -> str:
        return f"Box({self.low.flat[0]}, {self.high.flat[0]}, {self.shape}, {self.dtype})"

    def __eq__(self, other: Any) -> bool:
        return (isinstance(other, Box) and self.shape == other.shape
                and self.dtype == other.dtype and np.array_equal(self.low, other.low)
                and np.array_equal(self.high, other.high))


class MultiDiscrete(Space):
    """An array of integers, element i in ``0 .. nvec[i] - 1`` (the actions of a VectorEnv)."""

    def __init__(self, nvec: Sequence[int], seed: Optional[int] = None) -> None:
        self.nvec = np.asarray(nvec, dtype=np.int64)
        super().__init__(self.nvec.shape, np.int64, seed)

    def sample(self, mask: Any = None) -> np.ndarray:
        """A random array (among each row of ``mask``'s ones when given, an (N, n) array)."""
        if mask is None:
            return self.np_random.integers(self.nvec)
        u = self.np_random.random(np.shape(mask)) * np.asarray(mask, dtype=bool)
        return u.argmax(axis=-1).astype(np.int64)

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is an integer array of the shape with every element in range."""
        x = np.asarray(x)
        return (x.shape == self.shape and np.issubdtype(x.dtype, np.integer)
                and bool(np.all(x >= 0)) and bool(np.all(x < self.nvec)))

    def __repr__(self) -> str:
        return f"MultiDiscrete({self.nvec.tolist()})"


class Dict(Space):
    """A dict of named spaces; samples and elements are dicts."""

    def __init__(self, spaces: DictT[str, Space], seed: Optional[int] = None) -> None:
        super().__init__((), None, seed)
        self.spaces = dict(spaces)

    def sample(self, mask: Any = None) -> DictT[str, Any]:
        """A dict of samples of each space."""
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is a dict with exactly these keys, each value in its space."""
        return (isinstance(x, dict) and x.keys() == self.spaces.keys()
                and all(s.contains(x[k]) for k, s in self.spaces.items()))

    def __getitem__(self, key: str) -> Space:
        return self.spaces[key]

    def __repr__(self) -> str:
        return "Dict(" + ", ".join(f"{k!r}: {s}" for k, s in self.spaces.items()) + ")"


def discrete(n: int) -> Any:
    """``Discrete(n)``: Gymnasium's when importable."""
    return _gym_spaces.Discrete(n) if _gym_spaces else Discrete(n)


def multi_discrete(nvec: Sequence[int]) -> Any:
    """``MultiDiscrete(nvec)``: Gymnasium's when importable."""
    return _gym_spaces.MultiDiscrete(nvec) if _gym_spaces else MultiDiscrete(nvec)


def box(shape: Sequence[int], dtype: Any, high: float = 1) -> Any:
    """A ``Box(0, high, shape, dtype)``: Gymnasium's when importable."""
    if _gym_spaces:
        return _gym_spaces.Box(0, high, shape=tuple(shape), dtype=np.dtype(dtype))
    return Box(0, high, shape, dtype)


def dict_space(spaces: DictT[str, Any]) -> Any:
    """A ``Dict`` space: Gymnasium's when importable."""
    return _gym_spaces.Dict(spaces) if _gym_spaces else Dict(spaces)


def env_base() -> type:
    """``gymnasium.Env`` when importable, else ``object``."""
    return _gym.Env if _gym else object
