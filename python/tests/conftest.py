"""The module under test is the build's: PYTHONPATH=build/python (set by ctest)."""

import sys

try:
    import riichi  # noqa: F401
except ImportError as e:  # a clear message instead of a collection error per file
    sys.exit(f"cannot import riichi ({e}): build it (make build) and set PYTHONPATH=build/python")
