"""What became of an op, in the words the hub answers with: a pane's result, or why there is none.

Every answer without a result says whether the op was applied: "not applied" only when no call of its taskId
reached a pane; otherwise "may or may not have been applied", naming the document whose pane got it and the taskId
that gets its result.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bridge.word.envelope import Code, Diagnostic, fail
from bridge.word.sessions import Envelope, Outcome, PaneGone, PaneSession

OPEN_PANE_HINT = (
    "No Word document is connected. Open the document in Word, then open the Word Bridge task pane "
    "(Home > Word Bridge > Show Task Pane) so it connects to this bridge; or open {playground} in a browser "
    "to try it with the simulated Word."
)

REOPEN_HINT = ("Open {title!r} in Word again and its Word Bridge task pane (Home > Word Bridge > Show Task Pane) so it "
               "reconnects; listDocuments lists the documents connected now.")

STOPPING = "the bridge is stopping"
STOPPING_UNSENT = f"{STOPPING}, so this call was not sent to Word"
_RETRY = "Retry with the same taskId ({task_id}) to get its result without running it twice."


def from_pane(envelope: Envelope, op_name: str, session: PaneSession) -> Outcome:
    """A pane's answer: its stats apart, and final (the taskId's answer) unless the pane says it ran nothing."""
    stats = envelope.pop("_stats", None)
    chars = envelope.pop("_chars", 0)
    if envelope.get("op") in (None, "unknown"):
        envelope["op"] = op_name
    if not isinstance(stats, dict):
        stats = None
    # A refusal that ran nothing (a paused pane's) is not this taskId's answer: a retry must run the op.
    ran = not (stats and stats.get("notRun") is True)
    return Outcome(envelope, session.ref(), stats, final=ran, served_by=session.generation(), chars=chars)


def pane_gone(op_name: str, gone: PaneGone, task_id: str, session: PaneSession) -> Outcome:
    """The pane went away while it held the op."""
    return Outcome(fail(op_name, Code.RUNTIME, f"{gone}; the op may or may not have been applied. "
                        + _RETRY.format(task_id=task_id)), session.ref(), final=False)


def no_answer(op_name: str, timeout: float, task_id: str, session: PaneSession) -> Outcome:
    """The pane holds the op and did not answer in time."""
    return Outcome(fail(op_name, Code.TIMEOUT, f"the pane did not answer within {timeout:g} s; the op may still "
                        "complete in Word. " + _RETRY.format(task_id=task_id)), session.ref(), final=False)


def away(document: dict[str, Any]) -> str:
    return f"document {document['title']!r} ({document['id']}) is not connected"


def not_sent(op_name: str, code: Code, why: str, task_id: str, document: dict[str, Any] | None,
             sent_to: dict[str, Any] | None, hint: list[Diagnostic]) -> Outcome:
    """This call reached no pane: not applied, unless an earlier call of its taskId reached `sent_to`'s."""
    if sent_to is None:
        return Outcome(fail(op_name, code, f"{why}; the op was not applied", diagnostics=hint), document, final=False)
    there = "it" if sent_to["id"] in why else f"{sent_to['title']!r} ({sent_to['id']})"
    msg = (f"{why}; this taskId's op was sent to {there} earlier and may or may not have been applied there (it is "
           f"never sent to another document). Retry with the same taskId ({task_id}) once that document's task pane "
           "is connected to get its result without running it twice.")
    return Outcome(fail(op_name, code, msg, field="taskId"), sent_to, final=False)


def pane_hint(document: dict[str, Any] | None, sessions: Iterable[PaneSession], open_hint: str) -> str:
    """How to bring back an absent document: "no document is connected" (`open_hint`) only when none is."""
    if document is not None and any(s.channel is not None for s in sessions):
        return REOPEN_HINT.format(title=document.get("title", ""))
    return open_hint
