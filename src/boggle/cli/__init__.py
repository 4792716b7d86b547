"""The ``boggle`` command line, a shell over the library: :mod:`~boggle.cli.main` builds the
parser and is the one error boundary (a library error becomes one line on stderr and exit
status 2); :mod:`boggle.cli.commands` has one module per subcommand.
"""
