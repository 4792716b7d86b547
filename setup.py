"""Build of the compiled core (the rest of the metadata is in pyproject.toml)."""

import platform

from setuptools import Extension, setup

compile_args = ["-O3", "-std=c99"]
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
            ],
            depends=["src/boggle/_native/kernel.h", "src/boggle/_native/search.h",
                     "src/boggle/_native/bound.h"],
            extra_compile_args=compile_args,
        )
    ]
)
