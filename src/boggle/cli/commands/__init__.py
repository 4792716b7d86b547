"""Subcommands of the ``boggle`` command line.

Each module here defines ``register(subparsers)``, which adds one subcommand
whose parser has ``set_defaults(run=...)``; ``run(args) -> int`` returns the
exit status.  Library errors (:class:`boggle.model.errors.BoggleError`) raised by
``run`` are turned into one line on stderr and exit status 2 by
:func:`boggle.cli.main.main`.
"""
