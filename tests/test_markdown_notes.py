"""Footnote syntax in insertMarkdown's markdown (what readDocument writes for notes) is kept as text.

CommonMark alone reads `[^1]: Source.` (a definition of one word) as a link reference definition: the note's text
vanished and each `[^1]` became a link ("^1"). insertMarkdown makes no notes (footnote.insert does), so a
reference and a definition are text, each definition a paragraph, whatever the note says; an info note says so.
"""

from __future__ import annotations

from bridge.word.markdown_blocks import markdown_to_blocks


def texts(markdown: str) -> list[str]:
    return ["".join(run["text"] for run in block["runs"]) for block in markdown_to_blocks(markdown).blocks]


def test_a_one_word_definition_is_text_and_its_reference_too() -> None:
    converted = markdown_to_blocks("Revenue grew[^1].\n\n[^1]: Source.")
    assert texts("Revenue grew[^1].\n\n[^1]: Source.") == ["Revenue grew[^1].", "[^1]: Source."]
    assert any("footnote.insert" in note for note in converted.notes)


def test_each_definition_is_a_paragraph_with_its_continuation_lines() -> None:
    markdown = "A[^1][^e1]\n\n[^1]: \\---\n[^e1]: First line\\\n    second line\n[^e2]: https://example.com/x"
    assert texts(markdown) == ["A[^1][^e1]", "[^1]: ---", "[^e1]: First line\nsecond line", "[^e2]: https://example.com/x"]


def test_link_reference_definitions_still_define_links() -> None:
    converted = markdown_to_blocks("[site]\n\n[site]: https://example.com")
    assert converted.blocks == [{"type": "paragraph", "runs": [{"text": "site", "link": "https://example.com"}]}]
    assert converted.notes == []


def test_an_indented_definition_is_code() -> None:
    assert markdown_to_blocks("    [^1]: x").blocks == [{"type": "code", "text": "[^1]: x"}]
