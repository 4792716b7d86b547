"""Rolling boards: the cube sets and one roll (:mod:`~boggle.dice.cubes`), boards rolled from
a word list's letter frequencies (:mod:`~boggle.dice.measured`) and random boards in bulk,
board ``i`` a function of ``(seed, i)`` alone (:mod:`~boggle.dice.bulk`).
"""
