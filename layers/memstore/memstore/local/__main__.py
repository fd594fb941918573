"""`python -m memstore.local [options]` is `memstore local [options]`."""

import sys

from memstore.local.cli import main

raise SystemExit(main(["local", *sys.argv[1:]]))
