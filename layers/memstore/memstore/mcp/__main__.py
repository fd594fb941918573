import sys

from memstore.mcp.server import main

sys.exit(main())
