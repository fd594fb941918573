"""`python -m memstore_local [options]` is `memstore local [options]`."""

import sys

from memstore_local.cli import main

raise SystemExit(main(["local", *sys.argv[1:]]))
