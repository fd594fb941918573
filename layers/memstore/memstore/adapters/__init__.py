"""Adapters: the ports' implementations. Only memstore.wiring chooses among them."""
