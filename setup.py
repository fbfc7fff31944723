"""Builds the extension riichi._riichi with CMake for `pip install .` (pyproject.toml).

The C++ libraries and the module are configured with -DRIICHI_PYTHON_ONLY=ON (no tests, CLI or
server) for the interpreter running pip, in a directory of the build (or RIICHI_CMAKE_BUILD_DIR,
e.g. the build/ of `make build`, to reuse what it built). Ninja and ccache are used when found.
Environment: RIICHI_CMAKE_ARGS (extra configure arguments), CMAKE_BUILD_PARALLEL_LEVEL (jobs).
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def project_version() -> str:
    match = re.search(r"project\(riichi VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text())
    if not match:
        sys.exit("setup.py: no 'project(riichi VERSION x.y.z' in CMakeLists.txt")
    return match.group(1)


class CMakeBuild(build_ext):
    """Configures and builds the CMake target _riichi, then copies the module in place."""

    def build_extension(self, ext: Extension) -> None:
        if shutil.which("cmake") is None:
            sys.exit("riichi: cmake is needed to build the module (Debian: apt-get install cmake)")
        given = os.environ.get("RIICHI_CMAKE_BUILD_DIR")
        build_dir = Path(given).resolve() if given else Path(self.build_temp).resolve() / "cmake"
        build_dir.mkdir(parents=True, exist_ok=True)
        if not (build_dir / "CMakeCache.txt").exists():
            args = ["cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                    "-DRIICHI_PYTHON_ONLY=ON", f"-DRIICHI_PYTHON={sys.executable}"]
            if shutil.which("ninja"):
                args += ["-G", "Ninja"]
            if shutil.which("ccache"):
                args.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
            args += shlex.split(os.environ.get("RIICHI_CMAKE_ARGS", ""))
            subprocess.run(args, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 2)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "_riichi", "-j", jobs],
                       check=True)
        built = sorted((build_dir / "python" / "riichi").glob("_riichi*.so"))
        if not built:
            sys.exit(f"riichi: no _riichi*.so in {build_dir / 'python' / 'riichi'} after the build")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[-1], target)


setup(version=project_version(),
      ext_modules=[Extension("riichi._riichi", sources=[])],
      cmdclass={"build_ext": CMakeBuild},
      options={"build": {"build_base": "build/pip"}})
