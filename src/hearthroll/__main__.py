"""Run hearthroll with `python -m hearthroll`."""

import sys

from hearthroll.cli import main

sys.exit(main())
