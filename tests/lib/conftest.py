"""Fixtures of the library tests: a real Dask cluster, one per test module that asks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from dask_helpers import TestCluster, dask_cluster


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestCluster]:
    """A ``dask scheduler`` and two single-threaded ``dask worker`` processes on 127.0.0.1."""
    with dask_cluster(2, tmp_path_factory.mktemp("dask-logs")) as running:
        yield running
