"""The one failure type of `call_tool_with_file_content`: its message is the seed's error text.

The seed answers every failure as a result with `isError` (not a JSON-RPC error), its text shaped by
`output_format`; raising `FileToolError(message)` anywhere in the pipeline ends up there.
"""

from __future__ import annotations


class FileToolError(Exception):
    """A failure reported to the client as `Error in call_tool_with_file_content: <message>`."""

    def __init__(self, message: str, *, response: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.response = response
        """The upstream's full response when the upstream tool itself failed (`isError`)."""
