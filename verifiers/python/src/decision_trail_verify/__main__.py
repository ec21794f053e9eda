"""`python -m decision_trail_verify FILE [...]`: see cli.py."""

import sys

from .cli import main

sys.exit(main())
