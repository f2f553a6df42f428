"""``python -m belot_rules``: the ``belot`` command line."""

import sys

from .cli import main

sys.exit(main())
