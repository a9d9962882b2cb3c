"""Word Bridge: let MCP clients edit the Word document a person has open."""

__version__ = "0.1.0"
