"""The word lists installed in this process for tasks that name them by digest: on a Dask
worker, each one the worker plugin (:mod:`boggle.scale.worker_plugin`) loaded and compiled
once; :func:`boggle.scale.cluster.resolve_lexicon` finds them here.

>>> from boggle import Lexicon
>>> lexicon = Lexicon.from_words(["fame"])
>>> install_lexicon(lexicon)
>>> installed_lexicons[lexicon.digest] is lexicon
True
"""

from __future__ import annotations

from boggle.wordlists.lexicon import Lexicon

installed_lexicons: dict[str, Lexicon] = {}
"""The lists installed here, by digest."""


def install_lexicon(lexicon: Lexicon) -> None:
    """Keep ``lexicon``, compiled, in this process for tasks that name it (what the plugin
    calls)."""
    from boggle.engines.native import compiled

    compiled(lexicon)
    installed_lexicons[lexicon.digest] = lexicon
