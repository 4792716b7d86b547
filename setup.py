"""Build of the compiled core (the rest of the metadata is in pyproject.toml).

Switches, read from the environment when the extension is built:

- ``BOGGLE_SANITIZE=1``: build with AddressSanitizer and UndefinedBehaviorSanitizer
  (run Python with ``LD_PRELOAD=$(gcc -print-file-name=libasan.so)``; see
  ``docs/architecture.md``);
- ``BOGGLE_WERROR=1``: turn compiler warnings into errors (CI sets it).
"""

import os
import platform

from setuptools import Extension, setup

compile_args = ["-std=c99", "-Wall", "-Wextra"]
link_args: list[str] = []
if os.environ.get("BOGGLE_SANITIZE") == "1":
    sanitizers = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]
    compile_args += ["-O1", "-g", "-fno-omit-frame-pointer", *sanitizers]
    link_args += sanitizers
else:
    compile_args.append("-O3")
if os.environ.get("BOGGLE_WERROR") == "1":
    compile_args.append("-Werror")
if platform.machine().lower() in {"x86_64", "amd64"}:
    compile_args.append("-mpopcnt")

setup(
    ext_modules=[
        Extension(
            "boggle._native.core",
            sources=[
                "src/boggle/_native/kernel.c",
                "src/boggle/_native/module.c",
                "src/boggle/_native/search.c",
                "src/boggle/_native/bound.c",
                "src/boggle/_native/tree.c",
                "src/boggle/_native/tree_build.c",
            ],
            depends=["src/boggle/_native/kernel.h", "src/boggle/_native/search.h",
                     "src/boggle/_native/bound.h", "src/boggle/_native/tree.h"],
            extra_compile_args=compile_args,
            extra_link_args=link_args,
        )
    ]
)
