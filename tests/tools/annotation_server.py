"""A stdio MCP server with only the annotation tools, for the durability tests to start and SIGKILL.

`python tests/tools/annotation_server.py` serves over stdin/stdout, storing in `$WORD_BRIDGE_DATA_DIR`. The
durability tests also run `python -m bridge stdio` once `build_mcp_server` registers the annotation tools.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script from any directory

from mcp.server.mcpserver import MCPServer  # noqa: E402

from bridge.tools.annotations import register  # noqa: E402
from bridge.word.hub import Hub  # noqa: E402
from bridge.word.service import EditService  # noqa: E402


def main() -> None:
    server = MCPServer("mcp_word")
    register(server, EditService(Hub()))
    server.run()


if __name__ == "__main__":
    main()
