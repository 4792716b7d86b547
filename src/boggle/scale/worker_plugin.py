"""The worker plugin that carries a word list to every Dask worker (imported only with Dask)."""

from __future__ import annotations

import zlib
from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin

from boggle.scale.installed import install_lexicon, installed_lexicons
from boggle.wordlists.lexicon import Lexicon


class LexiconPlugin(WorkerPlugin):
    """Loads and compiles one word list on each worker, once, when the worker starts
    (or when the plugin is registered); tasks then find it by digest."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.digest = lexicon.digest
        self.lexicon_name = lexicon.name
        self.packed = zlib.compress("\n".join(lexicon.words).encode("utf-8"), 6)

    @property
    def name(self) -> str:
        return f"boggle-lexicon-{self.digest[:16]}"

    def setup(self, worker: Any) -> None:
        if self.digest in installed_lexicons:
            return
        words = tuple(zlib.decompress(self.packed).decode("utf-8").split("\n"))
        install_lexicon(Lexicon(words, self.lexicon_name))
