"""``python -m boggle`` runs the command line."""

from boggle.cli import entry_point

entry_point()
