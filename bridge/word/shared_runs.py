"""One run per taskId, shared by every caller that asks for it while it runs.

The run is a task of its own, not part of the first caller's request: a caller that goes away (an MCP client that
cancels) leaves it to the others, who still get its outcome and its progress. Only when no caller waits any more is
the run cancelled, as a lone caller's cancellation always did: an op still queued is then never sent, and one the
pane already runs is no longer waited for (the pane finishes it; a retry with the taskId asks the pane for it).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bridge.word.retries import RequestKey
from bridge.word.sessions import Outcome, ProgressCallback

Work = Callable[[ProgressCallback], Awaitable[Outcome]]


@dataclass(eq=False)
class SharedRun:
    """One taskId's run and who waits for it."""

    key: RequestKey
    """The request that started it: a caller asking something else under the taskId is refused after it."""
    task: asyncio.Task[Outcome] | None = None
    listeners: list[ProgressCallback] = field(default_factory=list)
    waiting: list[asyncio.Future[Outcome]] = field(default_factory=list)
    """One future per caller, settled by the run itself: a caller's cancellation cancels only its own future, and
    the outcome reaches each caller in the loop's next turn (a shield around the task takes two more)."""
    abandoned: bool = False
    """Every caller left and the run was cancelled: a newcomer waits for it to end and then starts afresh."""

    async def progress(self, done: float, total: float | None, message: str | None) -> None:
        """The pane's progress, to every caller still waiting that asked for it."""
        for listener in list(self.listeners):
            try:
                await listener(done, total, message)
            except Exception:  # noqa: BLE001 - a caller whose request is going away misses the note, nobody else
                pass

    def settle(self, outcome: Outcome | None, error: BaseException | None = None) -> None:
        """Hand the run's outcome (or its error) to every caller still waiting."""
        for waiter in self.waiting:
            if waiter.done():
                continue
            if error is None:
                waiter.set_result(outcome)  # type: ignore[arg-type]
            elif isinstance(error, asyncio.CancelledError):
                waiter.cancel()
            else:
                waiter.set_exception(error)


class SharedRuns:
    """The runs under way, by taskId."""

    def __init__(self) -> None:
        self._runs: dict[str, SharedRun] = {}

    async def outcome(self, task_id: str, key: RequestKey, work: Work,
                      progress: ProgressCallback | None) -> tuple[Outcome, SharedRun, bool] | None:
        """Wait for the run of `task_id` (starting it with `work` when none runs): its outcome, the run, and whether
        this caller started it. None when the run this caller found was given up by everyone else: ask again."""
        run = self._runs.get(task_id)
        if run is not None and (run.abandoned or (run.task is not None and run.task.done())):
            assert run.task is not None
            await asyncio.wait([run.task])  # its cancellation is under way (or it was cancelled before it began)
            self._forget(task_id, run)
            return None
        started = run is None
        if run is None:
            run = self._start(task_id, key, work)
        assert run.task is not None
        mine: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        run.waiting.append(mine)
        if progress is not None:
            run.listeners.append(progress)
        try:  # this caller's cancellation is its own, not the run's
            return await mine, run, started
        finally:
            run.waiting.remove(mine)
            if progress is not None:
                run.listeners.remove(progress)
            if not run.waiting and not run.task.done():
                run.abandoned = True
                run.task.cancel()

    def _start(self, task_id: str, key: RequestKey, work: Work) -> SharedRun:
        run = SharedRun(key)

        async def body() -> Outcome:
            try:
                outcome = await work(run.progress)
            except BaseException as error:
                self._forget(task_id, run)
                run.settle(None, error)
                raise
            self._forget(task_id, run)  # before the task is done: nobody joins a finished run
            run.settle(outcome)
            return outcome

        run.task = asyncio.get_running_loop().create_task(body())
        run.task.add_done_callback(lambda task: self._ended(task_id, run, task))
        self._runs[task_id] = run
        return run

    def _ended(self, task_id: str, run: SharedRun, task: asyncio.Task[Outcome]) -> None:
        """A task cancelled before its first step never enters `body`: forget it here and tell its callers; mark
        a failed run's exception as seen (its callers may all have gone)."""
        self._forget(task_id, run)
        if task.cancelled():
            run.settle(None, asyncio.CancelledError())
        else:
            task.exception()

    def _forget(self, task_id: str, run: SharedRun) -> None:
        if self._runs.get(task_id) is run:
            del self._runs[task_id]

