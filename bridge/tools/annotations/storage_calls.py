"""The annotation store reached from the tools: blocking storage work in a worker thread, its failures as the
seed's error object (StorageError)."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from typing import TypeVar

import anyio

from bridge.tools.annotations.database import DatabaseRefused, StorageFailed, database
from bridge.tools.annotations.errors import AnnotationError
from bridge.tools.annotations.store import AnnotationStore

log = logging.getLogger(__name__)
T = TypeVar("T")


async def in_thread(fn: Callable[[], T]) -> T:
    """Run blocking storage work off the event loop; storage failures become the StorageError object."""
    def run() -> T:
        try:
            return fn()
        except DatabaseRefused as exc:
            raise AnnotationError("StorageError", str(exc)) from None
        except StorageFailed as exc:  # names the file, the SQLite failure and what to do
            log.warning("%s", exc)
            raise AnnotationError("StorageError", str(exc)) from None
        except sqlite3.Error as exc:
            log.exception("annotation database failed")
            raise AnnotationError("StorageError", f"The annotation database failed: {exc}") from None
        except OSError as exc:  # the file system refused (a file where a folder should be, permissions…)
            message = f"The annotation storage failed: {exc.filename or ''}: {exc.strerror or exc}"
            log.warning("%s", message)
            raise AnnotationError("StorageError", message) from None
    return await anyio.to_thread.run_sync(run)


def store() -> AnnotationStore:
    """The store over the database of the data directory in force now."""
    return AnnotationStore(database())
