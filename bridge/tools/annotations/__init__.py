"""Annotation sessions (seed 004): chunks of a document annotated with a taxonomy, stored durably in SQLite.

`register(server, word)` adds start_session, annotate_chunk, annotate_chunks, add_relation, get_progress and
export_annotations to the `mcp_word` server.
"""

from bridge.tools.annotations.tools import register

__all__ = ["register"]
