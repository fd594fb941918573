"""The HTTP edge: resolver factory, error mapping, caller identity. Handlers build on it."""
