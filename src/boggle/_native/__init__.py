"""The compiled core (C sources and their binding); see ``engines/native.py``."""
