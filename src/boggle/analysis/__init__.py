"""Measurements of the solvers and their data structures ("Solving Boggle in Haskell").

* :mod:`boggle.analysis.runtime` — runtime against board size, CSV and plots;
* :mod:`boggle.analysis.memory` — memory used by each data structure and engine;
* :mod:`boggle.analysis.hashstats` — the letter-set hash table's bucket statistics;
* :mod:`boggle.analysis.trie_dot` — a small trie as GraphViz DOT.

Plots need matplotlib (the ``analysis`` extra); it is imported only when a plot
is drawn, so the rest works without it.
"""
