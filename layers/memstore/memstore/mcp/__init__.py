"""The MCP server (`memstore mcp`): one store and scope exposed to an agent as tools over stdio.
Caller side, like memstore.client; needs the `mcp` extra."""
