"""The web app (``boggle serve``): a page and a JSON API.  Needs ``pip install 'boggle[web]'``."""
