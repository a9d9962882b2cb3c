"""How much of `data_formatter`'s markdown output one `word_op` can carry, said in this tool's terms.

The op parser counts the blocks of an `insertMarkdown` (at most MAX_BLOCKS in one op) and names `args.markdown`,
an argument of the op this tool made, not of the call: the caller would look for it in vain. So the tool checks
first, and names what the caller passed (the data, max_items, output_format) and what to change.
"""

from __future__ import annotations

from bridge.word.ops.compose_models import MAX_BLOCKS


def markdown_block_limit(kind: str, rows: int, columns: int, data_length: int) -> str | None:
    """Why the markdown of a list or structured output (`kind`) of `rows` rows is more than one edit inserts."""
    if kind == "structured":
        return structured_block_limit(rows, columns, data_length)
    if kind == "list":
        return list_block_limit(rows, data_length)
    return None


def structured_block_limit(records: int, fields: int, data_length: int) -> str | None:
    """Why `records` records of `fields` fields do not fit one insertMarkdown (a heading per record and a line
    per field but the first, or the only one, which is the heading), or None when they do."""
    per_record = 1 + max(1, fields - 1)
    blocks = records * per_record
    if blocks <= MAX_BLOCKS:
        return None
    return (f"the data ({data_length:,} characters) makes {records:,} records of {fields} fields: {blocks:,} "
            f"paragraphs in Word (a heading per record and a line per other field), and one edit inserts at most "
            f"{MAX_BLOCKS:,}. Set max_items to {MAX_BLOCKS // per_record:,} or less and pass the rest of the data "
            "in another call, or use output_format \"table\" (a row per record)")


def list_block_limit(items: int, data_length: int) -> str | None:
    """Why `items` list items do not fit one insertMarkdown (a paragraph each), or None when they do."""
    if items <= MAX_BLOCKS:
        return None
    return (f"the data ({data_length:,} characters) makes {items:,} list items, and one edit inserts at most "
            f"{MAX_BLOCKS:,} paragraphs. Set max_items to {MAX_BLOCKS:,} or less and pass the rest of the data in "
            "another call")


def refused_op(op: str, why: str) -> str:
    """The op parser's refusal of the op this tool made, said as such (its `args.…` are the op's, not the call's)."""
    return (f"the {op} op this tool made from the data cannot be sent to Word ({why}); this is not an argument of "
            "this call: give less data (or a lower max_items), or another output_format")
