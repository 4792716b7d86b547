"""The kernel on an NVIDIA GPU, through CuPy (compiled once by NVRTC).

Everything CUDA is imported here, lazily: without CuPy or without a GPU,
:func:`device_missing` says which, in one line with the fix, and nothing else
in boggle notices.  The trie goes to the device once per word list; boards go
in batches of :data:`BATCH` and their scores come back.

>>> device_missing() is None or "pip install" in device_missing() or "GPU" in device_missing()
True
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from boggle.engines.gpu.source import INSTALL_HINT, kernel_source
from boggle.model.errors import MissingDependencyError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

BATCH = 1 << 22
"""Boards sent to the device per launch (about 64 MiB of 4x4 faces)."""

THREADS_PER_BLOCK = 128
BLOCKS_PER_PROCESSOR = 16
"""Each thread scores every (threads in the grid)-th board, so its word set is cleared once
per launch; this many blocks per multiprocessor keep the device full."""


def _import_cupy() -> Any:
    return importlib.import_module("cupy")


def device_missing() -> str | None:
    """Why the kernel cannot run on a GPU here (one line with the fix), or ``None``."""
    try:
        cupy = _import_cupy()
    except ImportError:
        return f"the gpu engine needs CuPy, which is not installed; {INSTALL_HINT}"
    try:
        count = int(cupy.cuda.runtime.getDeviceCount())
    except Exception as error:  # CuPy's CUDA errors vary by version and driver
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        return f"the gpu engine found no usable CUDA GPU ({first}); use --engine native"
    if count < 1:
        return "the gpu engine found no CUDA GPU; use --engine native"
    return None


class DeviceRunner:
    """The kernel compiled by NVRTC for the current GPU."""

    name = "gpu"

    def __init__(self) -> None:
        missing = device_missing()
        if missing:
            raise MissingDependencyError(missing)
        self.cupy = _import_cupy()
        module = self.cupy.RawModule(code=kernel_source(), options=("--std=c++14",))
        self.kernel = module.get_function("bg_score_boards")
        device = self.cupy.cuda.Device()
        processors = int(device.attributes["MultiProcessorCount"])
        self.max_blocks = processors * BLOCKS_PER_PROCESSOR
        name = self.cupy.cuda.runtime.getDeviceProperties(device.id)["name"]
        self.device_name = name.decode() if isinstance(name, bytes) else str(name)

    def upload(self, nodes: npt.NDArray[np.uint32]) -> object:
        return self.cupy.asarray(nodes)

    def score(
        self,
        trie: object,
        faces: npt.NDArray[np.uint8],
        cells: int,
        neighbours: npt.NDArray[np.int8],
        points: npt.NDArray[np.int32],
    ) -> npt.NDArray[np.int64]:
        import numpy

        cp = self.cupy
        count = len(faces)
        scores = numpy.empty(count, dtype=numpy.int64)
        near = cp.asarray(neighbours)
        table = cp.asarray(points)
        for start in range(0, count, BATCH):
            batch = faces[start : start + BATCH]
            on_device = cp.asarray(batch)
            out = cp.empty(len(batch), dtype=cp.int64)
            blocks = min(self.max_blocks, -(-len(batch) // THREADS_PER_BLOCK))
            arguments = (
                trie,
                on_device,
                numpy.int32(cells),
                near,
                table,
                numpy.int32(len(points)),
                numpy.uint64(0),
                numpy.uint64(len(batch)),
                out,
            )
            self.kernel((blocks,), (THREADS_PER_BLOCK,), arguments)
            scores[start : start + len(batch)] = out.get()
        return scores


@lru_cache(maxsize=1)
def device_runner() -> DeviceRunner:
    """The one runner of this process (the module is compiled once)."""
    return DeviceRunner()
