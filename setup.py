"""Build of the compiled core (the rest of the metadata is in pyproject.toml).

Switches, read from the environment when the extension is built:

- ``BOGGLE_SANITIZE=1``: build with AddressSanitizer and UndefinedBehaviorSanitizer
  (run Python with ``LD_PRELOAD=$(gcc -print-file-name=libasan.so)``; see
  ``docs/architecture.md``);
- ``BOGGLE_WERROR=1``: turn compiler warnings into errors (CI sets it).

GCC and Clang get C99 at ``-O3``; MSVC (the Windows wheels, see ``docs/install.md``) gets
``/std:c11 /O2``: no compiler is passed the other family's flags.
"""

import os
import platform
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# Flags by compiler family: GCC and Clang (Linux, macOS) take the first set, MSVC (Windows
# wheels) the second; neither gets the other's.
#
# -fno-wrapv undoes the -fwrapv of Python's own flags: the core has no signed
# overflow (the sanitizer build checks) and the search takes fewer instructions.
GNU_FLAGS = ["-std=c99", "-Wall", "-Wextra", "-fno-wrapv"]
MSVC_FLAGS = ["/std:c11", "/O2", "/W3"]
SANITIZE = os.environ.get("BOGGLE_SANITIZE") == "1"
WERROR = os.environ.get("BOGGLE_WERROR") == "1"
SANITIZERS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]
# The machine the build runs on: the x86-only switches below are still probed, as a
# macOS build for arm64 (or universal2) may run on an x86 machine.
X86 = platform.machine().lower() in {"x86_64", "amd64"}

# The bit counts compile to one instruction (every x86-64 processor since 2008-2011 has
# POPCNT; docs/install.md says so for the wheels).
POPCNT = "-mpopcnt"
# GCC's tuning puts a zeroing xor before each tzcnt/popcnt (a false dependency on
# some Intel cores, none on AMD or Intel since Skylake for tzcnt): 1 in 13 instructions
# of the score loop.  Dropped where the compiler takes the switch (GCC, x86).
NO_FALSE_DEP_XOR = "-mtune-ctrl=^avoid_false_dep_for_bmi"


def gnu_flags() -> tuple[list[str], list[str]]:
    """Compile and link flags for GCC and Clang, with the switches of the environment."""
    compile_args, link_args = list(GNU_FLAGS), []
    if SANITIZE:
        compile_args += ["-O1", "-g", "-fno-omit-frame-pointer", *SANITIZERS]
        link_args += SANITIZERS
    else:
        compile_args.append("-O3")
    if WERROR:
        compile_args.append("-Werror")
    return compile_args, link_args


class BuildCore(build_ext):
    """The core's build, with the flags of this compiler and the switches it accepts."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "msvc":
            if SANITIZE:
                raise SystemExit("BOGGLE_SANITIZE=1 needs GCC or Clang")
            compile_args, link_args = [*MSVC_FLAGS, *(["/WX"] if WERROR else [])], []
        else:
            compile_args, link_args = gnu_flags()
            if X86:
                compile_args += [flag for flag in (POPCNT, NO_FALSE_DEP_XOR) if self._accepts(flag)]
        for extension in self.extensions:
            extension.extra_compile_args = compile_args
            extension.extra_link_args = link_args
        super().build_extensions()

    def _accepts(self, flag: str) -> bool:
        with tempfile.TemporaryDirectory() as folder:
            source = os.path.join(folder, "probe.c")
            with open(source, "w") as out:
                out.write("int main(void) { return 0; }\n")
            try:
                self.compiler.compile([source], output_dir=folder, extra_postargs=["-Werror", flag])
            except Exception:
                return False
        return True


setup(
    cmdclass={"build_ext": BuildCore},
    ext_modules=[
        Extension(
            "boggle._native.core",
            sources=[
                "src/boggle/_native/kernel.c",
                "src/boggle/_native/module.c",
                "src/boggle/_native/search_module.c",
                "src/boggle/_native/prove_module.c",
                "src/boggle/_native/bound.c",
                "src/boggle/_native/tree.c",
                "src/boggle/_native/tree_build.c",
                "src/boggle/_native/key_sort.c",
                "src/boggle/_native/class_split.c",
            ],
            depends=[
                "src/boggle/_native/kernel.h",
                "src/boggle/_native/search.h",
                "src/boggle/_native/bound.h",
                "src/boggle/_native/tree.h",
                "src/boggle/_native/key_sort.h",
                "src/boggle/_native/bits.h",
                "src/boggle/_native/prover.h",
            ],
        )
    ],
)
