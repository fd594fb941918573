"""The agent side of memstore: `ConversationMemory` (load context before a turn, save the
conversation after it) and `MemoryTools` (search_memories / remember / forget as model tools, in
OpenAI and Bedrock Converse shapes). See docs/memory.md."""

from memstore.agents.conversation import ConversationMemory
from memstore.agents.preview import from_memory_search_preview
from memstore.agents.tools import MemoryTools, bedrock_tools, openai_tools

__all__ = ["ConversationMemory", "MemoryTools", "bedrock_tools", "from_memory_search_preview", "openai_tools"]
