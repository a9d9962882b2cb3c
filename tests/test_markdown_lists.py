"""insertMarkdown's lists: what Word needs to keep markdown's lists apart and numbered as written. An ordered list's
first item carries its start number when it is not 1, and a list right after another at its level (a `<!-- -->`
or a change of marker between them) says it is a new list, which the pane makes a Word list of its own."""

from __future__ import annotations

from typing import Any

from bridge.word.markdown_blocks import markdown_to_blocks


def items(markdown: str) -> list[tuple[str, dict[str, Any]]]:
    return [(b["runs"][0]["text"], {k: v for k, v in b.items() if k not in ("type", "runs")}) for b in markdown_to_blocks(markdown).blocks]


def test_an_ordered_list_not_starting_at_1_says_its_start() -> None:
    assert items("4. Clean up\n5. Rest") == [("Clean up", {"kind": "number", "level": 0, "start": 4}), ("Rest", {"kind": "number", "level": 0})]
    assert items("1. One") == [("One", {"kind": "number", "level": 0})]


def test_a_comment_between_two_lists_makes_the_second_a_new_list() -> None:
    assert items("1. A\n2. B\n\n<!-- -->\n\n1. C") == [
        ("A", {"kind": "number", "level": 0}), ("B", {"kind": "number", "level": 0}), ("C", {"kind": "number", "level": 0, "newList": True})]
    assert items("- a\n  - b\n\n  <!-- -->\n\n  - c\n- d") == [
        ("a", {"kind": "bullet", "level": 0}), ("b", {"kind": "bullet", "level": 1}),
        ("c", {"kind": "bullet", "level": 1, "newList": True}), ("d", {"kind": "bullet", "level": 0})]


def test_a_change_of_marker_is_a_new_list_and_a_sublist_is_not() -> None:
    assert items("1. x\n\n3) z") == [("x", {"kind": "number", "level": 0}), ("z", {"kind": "number", "level": 0, "start": 3, "newList": True})]
    assert items("- x\n\n1. y")[1] == ("y", {"kind": "number", "level": 0})  # a change of kind says it already
    assert items("1. A\n   - a1\n2. B\n   1. b1") == [
        ("A", {"kind": "number", "level": 0}), ("a1", {"kind": "bullet", "level": 1}),
        ("B", {"kind": "number", "level": 0}), ("b1", {"kind": "number", "level": 1})]
