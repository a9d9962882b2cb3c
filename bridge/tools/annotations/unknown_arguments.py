"""Arguments a client sends beyond a tool's parameters reach the tool, so that it can refuse them by name.

MCPServer validates a call's arguments with a model built from the tool function's signature, and that model
drops any other key silently: `annotate_chunk {"categorys": […]}` reached the tool as a call without
categories and was answered with success. `pass_unknown_arguments` lets those keys through to the function's
UNKNOWN parameter (a dict), where the input models refuse them with the seed's error object.
"""

from __future__ import annotations

from typing import Any, Final

from mcp.server.mcpserver import MCPServer
from pydantic import ConfigDict

UNKNOWN: Final = "unknown_arguments"
"""The tool function's parameter that receives the unknown arguments (`unknown_arguments: Any = None`)."""


def pass_unknown_arguments(server: MCPServer, name: str) -> None:
    """Give the registered tool `name` every argument its signature does not name, in its UNKNOWN parameter
    (the SDK has no public hook; its tool manager is reached as `arguments.list_schema` does)."""
    tool = server._tool_manager.get_tool(name)
    if tool is None:
        raise LookupError(f"tool {name} is not registered")
    declared = tool.fn_metadata.arg_model
    if UNKNOWN not in declared.model_fields:
        raise TypeError(f"tool {name} has no {UNKNOWN} parameter to receive unknown arguments")

    class KeepingUnknown(declared):  # type: ignore[valid-type, misc]
        model_config = ConfigDict(extra="allow")

        def model_dump_one_level(self) -> dict[str, Any]:
            unknown = dict(self.model_extra or {})
            if UNKNOWN in self.model_fields_set:  # a client's own key of that name is unknown too
                unknown[UNKNOWN] = getattr(self, UNKNOWN)
            return {**super().model_dump_one_level(), UNKNOWN: unknown}

    KeepingUnknown.__name__ = declared.__name__
    tool.fn_metadata.arg_model = KeepingUnknown
