"""memstore: long-term memory for AI agents, on AWS serverless or on a laptop."""

__version__ = "0.1.0"
