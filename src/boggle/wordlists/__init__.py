"""Word lists: where a list comes from (bundled with boggle, a system list, a file), how it
is loaded, normalised, cached and compiled, the languages a list is written in, the lists a
service offers by name, and each word's frequency. :class:`~boggle.wordlists.lexicon.Lexicon`
is the loaded list every engine reads.
"""
