"""Language understanding for the deterministic extraction path: general English syntax (through
the Parser port) and embedding similarity to labelled example sentences (data/*.jsonl)."""
