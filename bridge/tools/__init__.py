"""The companion tools of seeds 000, 002, 003 and 004: one module or package per toolset.

Each toolset has `register(server, word)`, adding its tools to the `mcp_word` server; `word` is how a tool reaches
the open documents (`word_access.WordAccess`). The server calls `register_all` once when it builds the MCP server.
"""

from mcp.server.mcpserver import MCPServer

from bridge.tools import data_formatter, document_analyzer, file_reader, text_processor, utilities, web_content_fetcher
from bridge.tools import annotations as annotation_sessions  # a package; the name is also a __future__ feature
from bridge.tools import file_tool
from bridge.tools.word_access import WordAccess

TOOLSETS = (file_reader, text_processor, document_analyzer, web_content_fetcher, data_formatter, annotation_sessions,
            utilities, file_tool)


def register_all(server: MCPServer, word: WordAccess) -> None:
    """Add every companion tool to `server`."""
    for toolset in TOOLSETS:
        toolset.register(server, word)
