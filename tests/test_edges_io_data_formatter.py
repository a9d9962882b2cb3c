"""data_formatter's rough edges: a call without `output_format` gets its default "table" (the seed lists it as
required *and* gives that default; the listed schema stays the seed's); empty data says so; a number reads the
same in every output format (the seed's list rendering `Price: $1200`)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from bridge.tools.data_formatter import register
from bridge.word.ops import parse_edit_task

pytestmark = pytest.mark.anyio

PRODUCTS = "Product,Price,Category\nLaptop,1200,Electronics\nDesk,300,Furniture\nBook,25,Education"
PRODUCTS_JSON = '[{"product":"Laptop","price":1200},{"product":"Desk","price":300},{"product":"Book","price":25}]'


@pytest.fixture
async def client(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.delenv("WORD_BRIDGE_CURRENCY", raising=False)
    server = MCPServer("t")
    register(server)
    async with Client(server) as c:
        yield c


async def formatted(client: Client, args: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool("data_formatter", args)
    assert not result.is_error and result.structured_content is not None
    assert json.loads(result.content[1].text) == result.structured_content
    parse_edit_task(meta=result.structured_content["word_op"])
    return {"line": result.content[0].text, **result.structured_content}


async def error_of(client: Client, args: dict[str, Any]) -> MCPError:
    with pytest.raises(MCPError) as caught:
        await client.call_tool("data_formatter", args)
    return caught.value


async def test_output_format_left_out_takes_its_default(client: Client) -> None:
    tool = (await client.list_tools()).tools[0]
    assert tool.input_schema["required"] == ["data", "output_format"]
    assert tool.input_schema["properties"]["output_format"]["default"] == "table"
    found = await formatted(client, {"data": PRODUCTS})
    assert found["line"] == "Data successfully formatted as table" and found["output_format"] == "table"
    assert found["formatted_content"]["headers"] == ["Product", "Price", "Category"]


@pytest.mark.parametrize(("data", "message"), [
    ("[]", "data is an empty list: nothing to format"),
    ("{}", "data is an empty object: nothing to format"),
    ("   \n ", "data is blank: nothing to format"),
    ("[{}, {}]", "data has no fields (only empty objects or lists): nothing to format"),
])
@pytest.mark.parametrize("extra", [{}, {"output_format": "structured"}])
async def test_empty_data_says_there_is_nothing_to_format(client: Client, data: str, message: str,
                                                          extra: dict[str, str]) -> None:
    err = await error_of(client, {"data": data, **extra})
    assert (err.error.code, err.error.message) == (-32602, message)
    assert err.error.data["error_type"] == "empty_data" and err.error.data["error_details"] == message
    assert not any("online" in tip for tip in err.error.data["suggestions"])


@pytest.mark.parametrize("data", [PRODUCTS, PRODUCTS_JSON])
async def test_a_number_reads_the_same_in_every_output_format(client: Client, data: str) -> None:
    table = (await formatted(client, {"data": data, "output_format": "table"}))["formatted_content"]
    items = (await formatted(client, {"data": data, "output_format": "list"}))["formatted_content"]["items"]
    structured = await formatted(client, {"data": data, "output_format": "structured"})
    summary = (await formatted(client, {"data": data, "output_format": "summary"}))["formatted_content"]
    assert [row[1] for row in table["rows"]] == ["$1200", "$300", "$25"]
    assert items[0].startswith("Product: Laptop, Price: $1200")  # the seed's list rendering
    assert [r["Price"] for r in structured["formatted_content"]["records"]] == ["$1200", "$300", "$25"]
    assert "- **Price:** $1200" in structured["word_op"]["args"]["markdown"]
    assert "Price: from $25 to $1200, mean $508.33, total $1525" in summary["text"]
    assert "1,200" not in summary["text"] and "1,525" not in summary["text"]
    price = summary["fields"][1]
    assert (price["min"], price["max"], price["sum"]) == (25.0, 1200.0, 1525.0)  # the statistics stay numbers


async def test_plain_numbers_have_no_thousands_separator_anywhere(client: Client) -> None:
    data = "City,Population\nLyon,522000\nNice,342000"
    table = (await formatted(client, {"data": data}))["formatted_content"]
    summary = (await formatted(client, {"data": data, "output_format": "summary"}))["formatted_content"]
    assert table["rows"][0] == ["Lyon", "522000"]
    assert "Population: from 342000 to 522000, mean 432000, total 864000" in summary["text"]
