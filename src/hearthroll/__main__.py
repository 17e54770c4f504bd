"""Run hearthroll with `python -m hearthroll`."""

import sys

from hearthroll.launch import main

sys.exit(main())
