"""Studying boards, engines and word lists: the one home of measuring code. Paths of an
empty grid (:mod:`~boggle.study.paths`), every engine compared on one board
(:mod:`~boggle.study.compare`), the score distribution of many random boards
(:mod:`~boggle.study.stats`), and the engines' runtime, memory, hash-table buckets and trie
pictures (:mod:`~boggle.study.runtime`, :mod:`~boggle.study.memory`,
:mod:`~boggle.study.hashstats`, :mod:`~boggle.study.trie_dot`, plots in
:mod:`~boggle.study.plotting`: matplotlib is imported only when a figure is drawn).
The ``benchmarks/`` scripts time the project against its targets; they are not a library.
"""
