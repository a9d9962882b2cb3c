"""Seed-schema argument checks and the seed's `tool_execution_failed` error for unexpected failures."""

from __future__ import annotations

import pytest
from mcp.shared.exceptions import MCPError

from bridge.tools.arguments import check, guarded

pytestmark = pytest.mark.anyio

LIMIT = {"type": "integer", "minimum": 50, "maximum": 2000, "default": 500}


def test_check_fills_defaults_and_accepts_integral_floats():
    assert check("max_length", None, LIMIT) == 500
    assert check("max_length", 200.0, LIMIT) == 200
    assert check("sort_by", None, {"type": "string", "default": None}) is None


@pytest.mark.parametrize(("value", "schema", "message"), [
    (True, LIMIT, "must be an integer, got a boolean"),
    (20, LIMIT, "must be at least 50"),
    ("desc ", {"type": "string", "enum": ["asc", "desc"]}, "must be one of asc, desc"),
    ("", {"type": "string", "minLength": 1}, "must have at least 1 character(s)"),
    (None, {"type": "string"}, "required"),
])
def test_check_refuses_with_the_seeds_invalid_params(value, schema, message):
    with pytest.raises(MCPError) as caught:
        check("arg", value, schema)
    assert caught.value.error.code == -32602 and caught.value.error.message == f"Invalid arg: {message}"
    assert caught.value.error.data["error_type"] == "invalid_parameter" and caught.value.error.data["suggestions"]


async def test_an_unexpected_exception_becomes_tool_execution_failed():
    async def broken() -> None:
        raise ZeroDivisionError("division by zero")

    with pytest.raises(MCPError) as caught:
        await guarded("data_formatter", broken())
    assert (caught.value.error.code, caught.value.error.message) == (-32603, "Internal error")
    assert caught.value.error.data == {
        "error_type": "tool_execution_failed", "tool_name": "data_formatter",
        "error_details": "ZeroDivisionError: division by zero",
        "suggestions": ["Check input parameters", "Verify tool availability", "Contact support if issue persists"]}
