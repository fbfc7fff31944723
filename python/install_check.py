"""Checks `pip install .` and the wheel build (ctest python_install; docs in README "Python").

    /usr/bin/python3 python/install_check.py SOURCE_DIR [CMAKE_BUILD_DIR]

In a temporary directory: a venv with the system site packages (Debian's numpy), `pip install
--no-build-isolation --no-index SOURCE_DIR` into it (no network), `import riichi` from another
directory (the installed module, not the source tree) and a few steps of each env; then `pip
wheel` (and `python3 -m build --no-isolation` when python3-build is installed) makes a wheel.
With CMAKE_BUILD_DIR (the build of `make build`), setup.py reuses its compiled objects
(RIICHI_CMAKE_BUILD_DIR) instead of building the C++ again.
"""

import glob
import os
import subprocess
import sys
import tempfile
import venv

SMOKE = """
import os, sys, numpy as np, riichi, riichi.dataset
assert riichi.__file__.startswith(sys.prefix), riichi.__file__
env = riichi.Env(opponents="random", seed=1)
obs, info = env.reset()
obs, r, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
venv = riichi.VectorEnv(4, seats="all")
obs, info = venv.reset()
venv.step(info["action_mask"].argmax(axis=1))
print("riichi", riichi.__version__, "from", os.path.dirname(riichi.__file__))
"""


def run(cmd, **kw):
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def main() -> None:
    source = os.path.abspath(sys.argv[1])
    build = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # the installed module, not build/python
    if build:
        env["RIICHI_CMAKE_BUILD_DIR"] = build
    with tempfile.TemporaryDirectory(prefix="riichi-install-") as tmp:
        prefix = os.path.join(tmp, "venv")
        venv.EnvBuilder(system_site_packages=True, with_pip=True).create(prefix)
        py = os.path.join(prefix, "bin", "python")
        run([py, "-m", "pip", "install", "--no-build-isolation", "--no-index", "--quiet", source],
            env=env)
        elsewhere = os.path.join(tmp, "elsewhere")
        os.mkdir(elsewhere)
        run([py, "-c", SMOKE], env=env, cwd=elsewhere)
        meta = subprocess.run([py, "-m", "pip", "show", "riichi"], env=env, check=True,
                              capture_output=True, text=True).stdout
        version = subprocess.run([py, "-c", "import riichi; print(riichi.__version__)"], env=env,
                                 cwd=elsewhere, check=True, capture_output=True, text=True)
        assert f"Version: {version.stdout.strip()}" in meta, meta
        wheels = os.path.join(tmp, "wheels")
        run([py, "-m", "pip", "wheel", "--no-build-isolation", "--no-index", "--no-deps",
             "--quiet", "-w", wheels, source], env=env)
        found = glob.glob(os.path.join(wheels, "riichi-*.whl"))
        assert found, os.listdir(wheels)
        print("wheel:", os.path.basename(found[0]))
        if subprocess.run([sys.executable, "-c", "import build.__main__"], cwd=tmp,
                          capture_output=True).returncode:
            print("python3 -m build: skipped (python3-build is not installed)")
        else:
            run([sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir",
                 os.path.join(tmp, "dist"), source], env=env, cwd=tmp, stdout=subprocess.DEVNULL)
            assert glob.glob(os.path.join(tmp, "dist", "riichi-*.whl"))
    print("install check: ok")


if __name__ == "__main__":
    main()
