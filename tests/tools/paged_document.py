"""The pane's side of readDocument at a tool's boundary: structure blocks served page by page.

The companion tools that read the open document take a `WordAccess`; this answers its `edit_task` the way the
pane answers readDocument (offset, nextOffset, totalBlocks), so a tool's paging and its treatment of the blocks
can be tested on documents of any shape. The tests that go through the real bridge use tests.support.FakePane.
"""

from __future__ import annotations

from typing import Any


class PagedDocument:
    """`blocks` as readDocument structure pages of `page_size` blocks; `fail`: every read fails with that message."""

    def __init__(self, blocks: list[dict[str, Any]], page_size: int = 2, fail: str | None = None) -> None:
        self.blocks, self.page_size, self.fail = blocks, page_size, fail
        self.calls: list[dict[str, Any]] = []  # each read's meta and document, in order

    async def list_documents(self) -> dict[str, Any]:
        return {"documents": []}

    async def edit_task(self, *, content: Any = None, meta: Any = None, document: Any = None) -> dict[str, Any]:
        self.calls.append({"meta": meta, "document": document})
        if self.fail:
            return {"ok": False, "op": "readDocument", "code": "E_NOT_FOUND", "data": {},
                    "diagnostics": [{"level": "error", "msg": self.fail}]}
        start = meta["args"]["offset"]
        end = min(start + self.page_size, len(self.blocks))
        return {"ok": True, "op": "readDocument", "diagnostics": [], "data": {
            "format": "structure", "offset": start, "nextOffset": end if end < len(self.blocks) else None,
            "totalBlocks": len(self.blocks), "blocks": self.blocks[start:end]}}
