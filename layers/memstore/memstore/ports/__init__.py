"""Typed ports: what services need from the outside world. Adapters implement them."""
