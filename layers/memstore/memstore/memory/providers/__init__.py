"""The built-in `Memory` providers; `memstore.memory.registry` names them."""
