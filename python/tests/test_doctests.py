"""The examples in the docstrings run."""

import doctest

import pytest

import riichi
import riichi.actions
import riichi.dataset
import riichi.env
import riichi.game
import riichi.multiagent
import riichi.spaces
import riichi.vector_env


@pytest.mark.parametrize("module", [riichi, riichi.game, riichi.env, riichi.actions,
                                    riichi.multiagent, riichi.vector_env, riichi.spaces,
                                    riichi.dataset])
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_every_public_function_has_a_docstring():
    for name in riichi.__all__:
        obj = getattr(riichi, name)
        if callable(obj):
            assert obj.__doc__, name
            for attr, member in vars(obj).items() if isinstance(obj, type) else []:
                if callable(member) and not attr.startswith("_"):
                    assert member.__doc__, f"{name}.{attr}"
