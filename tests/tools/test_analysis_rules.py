"""The documented rules behind the analyzer and the offline text operations, one by one."""

from __future__ import annotations

from bridge.tools.analysis import analyze
from bridge.tools.analysis.markers import passive_phrases
from bridge.tools.analysis.rewrite import format_text, summarize_text
from bridge.tools.analysis.text import blocks_from_text, split_sentences


def kinds(text: str) -> list[tuple[str, str]]:
    return [(b.kind, b.text) for b in blocks_from_text(text)]


def test_headings_markdown_numbered_and_title_case():
    text = ("# Plan\n\nProject Goals\nWe want to ship the new version before the summer holidays.\n\n"
            "2.1 Budget Overview\n\nThe budget is fixed for the whole year and cannot change.")
    assert kinds(text) == [
        ("heading", "Plan"), ("heading", "Project Goals"),
        ("paragraph", "We want to ship the new version before the summer holidays."),
        ("heading", "2.1 Budget Overview"),
        ("paragraph", "The budget is fixed for the whole year and cannot change.")]


def test_short_sections_under_heading_lines_are_sections():
    """A line on its own heads a short section when it is a well-known section name, or when title-case lines
    each followed by a sentence make a sectioned text; with or without blank lines between the sections."""
    for gap in ("\n\n", "\n"):
        text = gap.join(["Introduction\nThis report examines the quarterly sales figures of all of our regions.",
                         "Conclusion\nSales grew strongly.", "References\n[1] Internal data."])
        assert kinds(text) == [
            ("heading", "Introduction"),
            ("paragraph", "This report examines the quarterly sales figures of all of our regions."),
            ("heading", "Conclusion"), ("paragraph", "Sales grew strongly."),
            ("heading", "References"), ("paragraph", "[1] Internal data.")]
    assert kinds("EXECUTIVE SUMMARY:\nWe grew.") == [("heading", "EXECUTIVE SUMMARY"), ("paragraph", "We grew.")]
    assert kinds("Sales Update\nSales grew.\n\nCost Review\nCosts fell.") == [
        ("heading", "Sales Update"), ("paragraph", "Sales grew."), ("heading", "Cost Review"),
        ("paragraph", "Costs fell.")]


def test_short_title_lines_alone_greetings_and_sign_offs_stay_paragraphs():
    assert [k for k, _ in kinds("Hello World\nThis is fine.")] == ["paragraph"] * 2  # one pair is no pattern
    assert [k for k, _ in kinds("Project Alpha\n\nIt went well.")] == ["paragraph"] * 2
    assert [k for k, _ in kinds("Hi John\nThanks for the note.\n\nBest Regards\nAna")] == ["paragraph"] * 4
    assert [k for k, _ in kinds("Sales grew.\nConclusion")] == ["paragraph"] * 2  # nothing under it
    assert [k for k, _ in kinds("We met Ana\nIt went well.\nThen Sam Left\nNobody knew why.")] == \
        ["paragraph"] * 4  # not title case


def test_numbered_steps_are_list_items_not_headings():
    assert kinds("Setup\n1. Open Settings\n2. Click Save") == [
        ("heading", "Setup"), ("list", "Open Settings"), ("list", "Click Save")]


def test_a_sign_off_is_not_a_heading():
    text = "Hi Sam,\nCould you send the figures by Friday?\nBest regards\nAna"
    assert [k for k, _ in kinds(text)] == ["paragraph"] * 4


def test_sentences_split_after_end_punctuation_but_not_abbreviations():
    text = "Dr. Smith met Mr. Jones at 5 p.m. on Friday. They agreed, e.g. on costs! Was it 3.5 percent? Yes."
    assert split_sentences(text) == ["Dr. Smith met Mr. Jones at 5 p.m. on Friday.", "They agreed, e.g. on costs!",
                                     "Was it 3.5 percent?", "Yes."]


def test_passive_voice_finds_be_plus_participle():
    assert passive_phrases("The plan was approved by the board.") == ["was approved by"]
    assert passive_phrases("The report is written carefully.") == ["is written"]
    assert passive_phrases("I was tired and we are interested.") == []


def test_an_email_is_complete_with_greeting_request_and_sign_off():
    complete = "Hi Sam,\n\nCould you send the figures by Friday?\n\nBest regards,\nAna"
    partial = "The figures are attached.\n\nAna"
    found = analyze(blocks_from_text(complete), "completeness", document_type="email")
    missing = analyze(blocks_from_text(partial), "completeness", document_type="email")
    assert found["completeness_analysis"]["completeness_score"] == 10.0
    assert missing["completeness_analysis"]["missing_elements"] == ["greeting", "request", "sign_off"]
    assert "No greeting: the email opens with “The figures are attached.”" in missing["suggestions"]


def test_structure_score_adds_up_its_parts():
    # No intro (0) + no conclusion (0) + headings not needed under 300 words (2) + balance (2) + no long paragraph (2)
    found = analyze(blocks_from_text("Sales rose. Costs fell.\n\nHiring slowed. Prices held."), "structure")
    assert found["structure_analysis"]["structure_score"] == 6.0


def test_extractive_summary_keeps_whole_sentences_within_the_limits():
    text = ("Solar power is growing fast. Solar panels are cheaper every year. "
            "My cat likes the sun. Solar power now supplies a tenth of the grid.")
    summary = summarize_text(text, 80)
    assert len(summary) <= 80 and len(summary) <= len(text) // 2
    assert all(sentence in text for sentence in split_sentences(summary))
    assert "cat" not in summary  # the sentence with the least frequent words goes first
    assert summarize_text("One single sentence that is short.", 100) == "One single sentence that is short."


def test_format_capitalises_sentences_and_i():
    text, changes = format_text("i think so. and you ?", "business")
    assert text == "I think so. And you?"
    assert "Capitalised “I” (1)" in changes and "Removed spaces before punctuation (1)" in changes
