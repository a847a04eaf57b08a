"""Build pgnarbiter._core, the C binding of libpgnarbiter.

Where the library is found, first match wins:

1. PGNARBITER_BUILD_DIR=DIR: a configured and built pgnarbiter tree (`./configure &&
   make` run in DIR; for a build outside the sources, DIR is the build folder and the
   header is taken from its source folder as configure recorded it).
2. pkg-config: an installed libpgnarbiter (`make install`; PKG_CONFIG_PATH for a
   prefix pkg-config does not search).
3. The tree this folder sits in (..), when it has been built.

A library found in a build tree is linked with its folder as the run path, so the
module runs without LD_LIBRARY_PATH; rebuild the module if that tree moves.
No network, no build isolation needed: Debian's python3-dev and python3-setuptools.
"""

import os
import re
import shlex
import subprocess
import sys

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
LIBNAME = "pgnarbiter"


def fail(msg):
    sys.exit("pgnarbiter setup.py: " + msg)


def pkg_config(*args):
    try:
        out = subprocess.run(
            ["pkg-config", *args, LIBNAME], capture_output=True, text=True, check=False
        )
    except OSError:
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def tree_source_dir(build):
    """The source folder of a configured build folder (config.status's srcdir)."""
    if os.path.exists(os.path.join(build, "include", "pgnarbiter.h")):
        return build
    status = os.path.join(build, "config.status")
    if os.path.exists(status):
        with open(status, encoding="utf-8", errors="replace") as f:
            m = re.search(r"^srcdir='([^']*)'", f.read(), re.M)
        if m:
            src = os.path.normpath(os.path.join(build, m.group(1)))
            if os.path.exists(os.path.join(src, "include", "pgnarbiter.h")):
                return src
    return None


# Where a built tree keeps the shared library (libtool's .libs first).
TREE_LIB_DIRS = ("src/.libs", "src", "lib/.libs", "lib", ".libs", ".")


def tree_library(build):
    for sub in TREE_LIB_DIRS:
        d = os.path.normpath(os.path.join(build, sub))
        if os.path.exists(os.path.join(d, "lib%s.so" % LIBNAME)):
            return d
    return None


def from_tree(build, required):
    build = os.path.abspath(build)
    src = tree_source_dir(build)
    libdir = tree_library(build)
    if not src or not libdir:
        if required:
            fail(
                "no built libpgnarbiter in %s (looked for include/pgnarbiter.h and "
                "lib%s.so in %s): run ./configure && make there first"
                % (build, LIBNAME, ", ".join(TREE_LIB_DIRS))
            )
        return None
    return {
        "include_dirs": [os.path.join(src, "include")],
        "library_dirs": [libdir],
        "runtime_library_dirs": [libdir],
        "libraries": [LIBNAME],
        "extra_compile_args": [],
        "extra_link_args": [],
        "version": tree_version(src),
        "where": "the built tree %s" % build,
    }


def tree_version(src):
    try:
        with open(os.path.join(src, "configure.ac"), encoding="utf-8") as f:
            m = re.search(r"AC_INIT\(\[[^]]*\],\s*\[([^]]*)\]", f.read())
        return m.group(1) if m else "0"
    except OSError:
        return "0"


def from_pkg_config():
    flags = pkg_config("--cflags", "--libs")
    if flags is None:
        return None
    cfg = {
        "include_dirs": [],
        "library_dirs": [],
        "runtime_library_dirs": [],
        "libraries": [],
        "extra_compile_args": [],
        "extra_link_args": [],
        "version": pkg_config("--modversion") or "0",
        "where": "pkg-config",
    }
    for flag in shlex.split(flags):
        if flag.startswith("-I"):
            cfg["include_dirs"].append(flag[2:])
        elif flag.startswith("-L"):
            cfg["library_dirs"].append(flag[2:])
        elif flag.startswith("-l"):
            cfg["libraries"].append(flag[2:])
        else:
            cfg["extra_link_args"].append(flag)
    libdir = pkg_config("--variable=libdir")
    if libdir and libdir not in ("/usr/lib", "/lib", "/usr/lib/x86_64-linux-gnu", "/usr/local/lib"):
        cfg["runtime_library_dirs"].append(libdir)
    return cfg


def find_library():
    build = os.environ.get("PGNARBITER_BUILD_DIR")
    if build:
        return from_tree(build, required=True)
    cfg = from_pkg_config()
    if cfg:
        return cfg
    cfg = from_tree(os.path.join(HERE, ".."), required=False)
    if cfg:
        return cfg
    fail(
        "libpgnarbiter not found: install it (./configure && make && make install; "
        "pkg-config --libs pgnarbiter must work), or build the tree this folder is in "
        "(./configure && make in ..), or set PGNARBITER_BUILD_DIR to a built tree"
    )


CFG = find_library()
print("pgnarbiter setup.py: libpgnarbiter %s from %s" % (CFG["version"], CFG["where"]))

with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
    LONG_DESCRIPTION = f.read()

setup(
    name="pgnarbiter",
    version=CFG["version"],
    description="The pgnarbiter chess arbiter (PGN checker) as a Python module",
    long_description=LONG_DESCRIPTION,
    long_description_content_type="text/markdown",
    license="MIT",
    python_requires=">=3.9",
    packages=["pgnarbiter"],
    package_data={"pgnarbiter": ["py.typed", "*.pyi"]},
    ext_modules=[
        Extension(
            "pgnarbiter._core",
            sources=["pgnarbiter/_core.c", "pgnarbiter/_records.c"],
            depends=["pgnarbiter/_records.h"]
            + [os.path.join(d, "pgnarbiter.h") for d in CFG["include_dirs"]],
            include_dirs=CFG["include_dirs"],
            library_dirs=CFG["library_dirs"],
            runtime_library_dirs=CFG["runtime_library_dirs"],
            libraries=CFG["libraries"],
            extra_compile_args=["-std=c11", "-Wall", "-Wextra"] + CFG["extra_compile_args"],
            extra_link_args=CFG["extra_link_args"],
        )
    ],
    zip_safe=False,
)
