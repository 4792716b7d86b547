"""Files on disk: the on-disk cache (:mod:`~boggle.files.cache`: checked entries, atomic
writes) and the files a user names (:mod:`~boggle.files.inputs`: regular files only, size
limits, streamed lines). Everything boggle reads or keeps goes through here.
"""
