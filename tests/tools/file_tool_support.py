"""Shared set-up of the call_tool_with_file_content tests."""

from __future__ import annotations

from pathlib import Path

import pytest


def allowed_folder(folder: Path, monkeypatch: pytest.MonkeyPatch, **files: str) -> Path:
    """`folder` as the one allowed directory, holding `files` (name → text); no upstream config, no LLM endpoint
    (text_processor then answers offline or through the client's model)."""
    for name, text in files.items():
        (folder / name).write_text(text)
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(folder))
    monkeypatch.delenv("WORD_BRIDGE_MCP_CONFIG", raising=False)
    monkeypatch.delenv("WORD_BRIDGE_LLM_URL", raising=False)
    return folder
