"""The value types and the rules, importing nothing of boggle above them.

A board (:mod:`~boggle.model.board`, on the geometry of :mod:`~boggle.model.grid`,
whose empty paths :mod:`~boggle.model.grid_paths` counts), the rules that score it
(:mod:`~boggle.model.rules`), a solution (:mod:`~boggle.model.solution`) and every picture
of them (:mod:`~boggle.model.render`), with the small things all of boggle shares: the
errors (:mod:`~boggle.model.errors`), the alphabet (:mod:`~boggle.model.letters`), how
well known a word is (:mod:`~boggle.model.word_levels`), message wording
(:mod:`~boggle.model.wording`) and light dataclasses (:mod:`~boggle.model.records`).
"""
