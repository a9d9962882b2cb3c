"""The file tools never hand out the bridge's own secrets: the development certificates (the CA's private key is
trusted machine-wide after `certs --install`), the data directory, and private key files anywhere — even when
they lie inside the allowed directories. Certificates here are real ones, made by the product (`ensure_dev_certs`).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, TextContent

from bridge.setup.certs import ensure_dev_certs
from bridge.tools import file_reader, file_tool
from bridge.tools.allowed_paths import ProtectedPath, resolve_allowed

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).resolve().parents[2]
PERMISSION_TIPS = ["Check file permissions", "Verify user has read access", "Contact system administrator"]


@pytest.fixture
def allowed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An allowed directory holding the bridge's certificates directory (as a checkout's `certs/` does) and its
    data directory, both real."""
    folder = tmp_path / "allowed"
    folder.mkdir()
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(folder))
    monkeypatch.setenv("WORD_BRIDGE_CERTS", str(folder / "certs"))
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(folder / "data"))
    monkeypatch.delenv("WORD_BRIDGE_MCP_CONFIG", raising=False)
    ensure_dev_certs()  # the default directory: $WORD_BRIDGE_CERTS
    (folder / "data").mkdir()
    (folder / "data" / "mcp.json").write_text('{"mcpServers": {}}')
    (folder / "notes.csv").write_text("a,b\n1,2\n")
    return folder


async def read(args: dict[str, Any]) -> Any:
    """file_reader's result, or the MCPError it raised."""
    server = MCPServer("t")
    file_reader.register(server)
    async with Client(server) as client:
        try:
            return await client.call_tool("file_reader", args)
        except MCPError as exc:
            return exc


async def denied(path: str) -> dict[str, Any]:
    caught = await read({"path": path})
    assert isinstance(caught, MCPError), caught
    error = caught.error
    assert error.code == -32603 and error.message == "Permission denied"
    assert error.data is not None and error.data["error_type"] == "permission_denied"
    assert error.data["suggestions"] == PERMISSION_TIPS and error.data["file_path"] == path
    assert "PRIVATE KEY" not in str(error.data)
    return dict(error.data)


async def call_file_tool(file_path: str, **extra: Any) -> CallToolResult:
    server = MCPServer("t")
    file_tool.register(server, None)

    @server.tool()
    def inspect(records: Any = None) -> Any:
        return {"records": records}

    async with Client(server) as client:
        return await client.call_tool(file_tool.NAME, {"server": "word", "tool_name": "inspect", "file_path": file_path,
                                                       "data_key": "records", "output_format": "string", **extra})


def error_text(result: CallToolResult) -> str:
    assert result.is_error
    first = result.content[0]
    assert isinstance(first, TextContent)
    return first.text


async def test_file_reader_refuses_the_certificates_directory(allowed: Path) -> None:
    certs = (allowed / "certs").resolve()
    assert (certs / "ca.key").read_text().startswith("-----BEGIN PRIVATE KEY-----")
    (allowed / "innocent.txt").symlink_to(certs / "ca.key")
    (allowed / "elsewhere").symlink_to(certs, target_is_directory=True)
    for path in ("certs/ca.key", "certs/ca.crt", "certs/localhost.key", "./certs/../certs/ca.key",
                 str(certs / "ca.key"), "innocent.txt", "elsewhere/ca.key", "certs/absent.txt", "certs"):
        data = await denied(path)
        assert data["error_details"] == (f"{path} is inside {certs}, the bridge's certificates directory, which holds "
                                         "private keys: the file tools never read or write there, whatever "
                                         "WORD_BRIDGE_ALLOWED_DIRS says"), path
        assert data["allowed_directories"] == [str(allowed.resolve())]
    assert (await read({"path": "notes.csv"})).structured_content["content"] == "a,b\n1,2\n"


async def test_file_reader_refuses_the_data_directory(allowed: Path) -> None:
    data = await denied("data/mcp.json")
    assert "the bridge's data directory" in data["error_details"]
    assert str((allowed / "data").resolve()) in data["error_details"]


async def test_the_checkouts_certificates_are_refused_with_default_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tester's case: `word-bridge playground` from the checkout, then file_reader certs/ca.key."""
    for name in ("WORD_BRIDGE_ALLOWED_DIRS", "WORD_BRIDGE_CERTS", "WORD_BRIDGE_DATA_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(ROOT)
    for path in ("certs/ca.key", "certs/.gitkeep"):
        assert f"is inside {ROOT / 'certs'}, the bridge's certificates directory" in (await denied(path))[
            "error_details"]
    assert (await read({"path": "pyproject.toml"})).structured_content["metadata"]["file_type"] == "toml"


async def test_private_keys_elsewhere_are_refused_by_name_and_by_content(allowed: Path) -> None:
    """A certificates directory given with --certs (not the default) keeps its keys: they are private key files."""
    other = ensure_dev_certs(allowed / "configured")
    data = await denied("configured/ca.key")
    assert data["error_details"] == ("configured/ca.key is a private key file (named ca.key): the file tools never "
                                     "read private keys")
    shutil.copy(other.key, allowed / "key-copy.txt")
    data = await denied("key-copy.txt")
    assert data["error_details"] == ("key-copy.txt is a private key file (it holds a PEM private key): the file tools "
                                     "never read private keys")
    (allowed / "id_ed25519").write_text("anything")
    assert "named id_ed25519" in (await denied("id_ed25519"))["error_details"]
    public = await read({"path": "configured/ca.crt"})  # a certificate is public
    assert public.structured_content["content"].startswith("-----BEGIN CERTIFICATE-----")


async def test_call_tool_with_file_content_refuses_the_same_places(allowed: Path) -> None:
    certs = (allowed / "certs").resolve()
    result = await call_file_tool("certs/ca.key")
    assert error_text(result) == (
        f"Error in call_tool_with_file_content: File path 'certs/ca.key' is not within allowed directories: it is "
        f"inside {certs}, the bridge's certificates directory, which holds private keys: the file tools never read "
        f"or write there, whatever WORD_BRIDGE_ALLOWED_DIRS says")
    assert "the bridge's data directory" in error_text(await call_file_tool("data/mcp.json"))
    ensure_dev_certs(allowed / "configured")
    assert error_text(await call_file_tool("configured/localhost.key")).endswith(
        "is not within allowed directories: it is a private key file (named localhost.key): the file tools never "
        "read private keys")
    shutil.copy(allowed / "configured" / "ca.key", allowed / "copy.csv")
    assert "(it holds a PEM private key)" in error_text(await call_file_tool("copy.csv"))
    stored = await call_file_tool("notes.csv", storage_path="data", filename="out.json")
    assert "Storage path 'data' is not within allowed directories: it is inside" in error_text(stored)
    assert not (allowed / "data" / "out.json").exists()
    ok = await call_file_tool("notes.csv")
    assert not ok.is_error


def test_resolve_allowed_raises_a_protected_path(allowed: Path) -> None:
    with pytest.raises(ProtectedPath) as info:
        resolve_allowed(os.path.join("data", "new.db"))
    assert info.value.place == (allowed / "data").resolve()


async def test_a_certificates_directory_given_to_the_server_is_refused_too(allowed: Path) -> None:
    """`serve --certs DIR` names a directory no environment variable does: the server registers it when it starts."""
    from bridge.config import BridgeConfig
    from tests.support import ServerThread

    served = allowed / "served-certs"
    assert (await read({"path": "notes.csv"})).structured_content["content"] == "a,b\n1,2\n"
    running = ServerThread(BridgeConfig(port=0, certs_dir=served)).start()
    try:
        data = await denied("served-certs/localhost.crt")  # a certificate, not a key: refused for where it is
        assert data["error_details"].startswith(f"served-certs/localhost.crt is inside {served.resolve()}, the bridge's "
                                                "certificates directory")
    finally:
        running.stop()
