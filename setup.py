"""Build of the compiled core (the rest of the metadata is in pyproject.toml).

Switches, read from the environment when the extension is built:

- ``BOGGLE_SANITIZE=1``: build with AddressSanitizer and UndefinedBehaviorSanitizer
  (run Python with ``LD_PRELOAD=$(gcc -print-file-name=libasan.so)``; see
  ``docs/architecture.md``);
- ``BOGGLE_WERROR=1``: turn compiler warnings into errors (CI sets it).
"""

import os
import platform
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# -fno-wrapv undoes the -fwrapv of Python's own flags: the core has no signed
# overflow (the sanitizer build checks) and the search takes fewer instructions.
compile_args = ["-std=c99", "-Wall", "-Wextra", "-fno-wrapv"]
link_args: list[str] = []
if os.environ.get("BOGGLE_SANITIZE") == "1":
    sanitizers = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]
    compile_args += ["-O1", "-g", "-fno-omit-frame-pointer", *sanitizers]
    link_args += sanitizers
else:
    compile_args.append("-O3")
if os.environ.get("BOGGLE_WERROR") == "1":
    compile_args.append("-Werror")
X86 = platform.machine().lower() in {"x86_64", "amd64"}
if X86:
    compile_args.append("-mpopcnt")

# GCC's tuning puts a zeroing xor before each tzcnt/popcnt (a false dependency on
# some Intel cores, none on AMD or Intel since Skylake for tzcnt): 1 in 13 instructions
# of the score loop.  Dropped where the compiler takes the switch (GCC, x86).
NO_FALSE_DEP_XOR = "-mtune-ctrl=^avoid_false_dep_for_bmi"


class BuildCore(build_ext):
    """The core's build, with the switches this compiler accepts."""

    def build_extensions(self) -> None:
        if X86 and self._accepts(NO_FALSE_DEP_XOR):
            for extension in self.extensions:
                extension.extra_compile_args.append(NO_FALSE_DEP_XOR)
        super().build_extensions()

    def _accepts(self, flag: str) -> bool:
        with tempfile.TemporaryDirectory() as folder:
            source = os.path.join(folder, "probe.c")
            with open(source, "w") as out:
                out.write("int main(void) { return 0; }\n")
            try:
                self.compiler.compile([source], output_dir=folder,
                                      extra_postargs=["-Werror", flag])
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
            ],
            depends=["src/boggle/_native/kernel.h", "src/boggle/_native/search.h",
                     "src/boggle/_native/bound.h", "src/boggle/_native/tree.h",
                     "src/boggle/_native/key_sort.h", "src/boggle/_native/bits.h",
                     "src/boggle/_native/prover.h"],
            extra_compile_args=compile_args,
            extra_link_args=link_args,
        )
    ]
)
