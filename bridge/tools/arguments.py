"""Seed-schema arguments: listed exactly as the seed writes them, checked inside the tool.

A tool's parameters are typed `Any` (default None) and the listed input schema is replaced by the seed's
(`list_schema`: names, enums, defaults, minimum/maximum, required), so anything a client gets wrong reaches the
tool and comes back as the seed's JSON-RPC error (-32602 with `error_type` and `suggestions`) instead of the
SDK's own validation message.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Awaitable
from typing import Annotated, Any, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from pydantic import PlainValidator

from bridge.tools.results import INTERNAL_ERROR, INVALID_PARAMS, clip_value, seed_error

log = logging.getLogger(__name__)

R = TypeVar("R")

RawText = Annotated[str, PlainValidator(lambda value: value)]
"""A string parameter that lets any JSON value through to `check`.

Typed `str` because the SDK JSON-decodes string arguments of every other annotation (`"[1, 2]"` would reach the
tool as a list, `"null"` as None); the plain validator keeps pydantic from rejecting a wrong type with its own
message, so `check` can answer with the seed's error. Declare it `text: RawText = None  # type: ignore[assignment]`
and treat the value as Any.
"""

def list_schema(server: MCPServer, name: str, properties: dict[str, dict[str, Any]], required: list[str]) -> None:
    """List `name` with exactly the seed's input schema instead of the one derived from the Python signature.

    MCPServer derives `required` from Python defaults, but these tools take every argument loosely (default
    None) to answer bad input with the seed's errors; the SDK has no public setter, hence its tool manager.
    """
    tool = server._tool_manager.get_tool(name)
    if tool is None:
        raise LookupError(f"tool {name} is not registered")
    tool.parameters = {"type": "object", "properties": copy.deepcopy(properties), "required": list(required)}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def invalid(name: str, message: str, value: Any, **fields: Any) -> MCPError:
    """-32602 `invalid_parameter` naming the argument and what was given (clipped: `results.clip_value`)."""
    return seed_error(INVALID_PARAMS, f"Invalid {name}: {message}", "invalid_parameter",
                      [f"Check the {name} argument against the tool's input schema",
                       "Leave optional arguments out to use their defaults"],
                      parameter=name, provided_value=clip_value(value), **fields)


def check(name: str, value: Any, schema: dict[str, Any]) -> Any:
    """`value` checked against one seed property schema; None means the default (or an error when required)."""
    if value is None:
        if "default" in schema:
            return schema["default"]
        raise invalid(name, "required", value)
    kind = schema.get("type")
    if kind == "integer":
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise invalid(name, f"must be an integer, got {_json_type(value)}", value)
    elif kind == "boolean" and not isinstance(value, bool):
        raise invalid(name, f"must be a boolean, got {_json_type(value)}", value)
    elif kind == "string" and not isinstance(value, str):
        raise invalid(name, f"must be a string, got {_json_type(value)}", value)
    if "enum" in schema and value not in schema["enum"]:
        raise invalid(name, f"must be one of {', '.join(map(str, schema['enum']))}", value,
                      valid_values=list(schema["enum"]))
    if "minimum" in schema and value < schema["minimum"]:
        raise invalid(name, f"must be at least {schema['minimum']}", value, minimum=schema["minimum"])
    if "maximum" in schema and value > schema["maximum"]:
        raise invalid(name, f"must be at most {schema['maximum']}", value, maximum=schema["maximum"])
    if "minLength" in schema and len(value) < schema["minLength"]:
        raise invalid(name, f"must have at least {schema['minLength']} character(s)", value,
                      min_length=schema["minLength"])
    if "maxLength" in schema and len(value) > schema["maxLength"]:
        raise invalid(name, f"must have at most {schema['maxLength']:,} characters", value,
                      max_length=schema["maxLength"])
    return value


async def guarded(tool_name: str, work: Awaitable[R]) -> R:
    """Await a tool's work; an unexpected exception becomes the seed's `tool_execution_failed` (-32603)."""
    try:
        return await work
    except MCPError:
        raise
    except Exception as exc:
        log.exception("%s failed", tool_name)
        raise seed_error(INTERNAL_ERROR, "Internal error", "tool_execution_failed",
                         ["Check input parameters", "Verify tool availability", "Contact support if issue persists"],
                         tool_name=tool_name, error_details=f"{type(exc).__name__}: {exc}") from exc
