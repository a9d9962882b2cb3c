"""Shared pytest fixtures."""

from collections.abc import Iterator

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Remember each phase's report on the item (`report_call`…), so a fixture can tell that its test failed."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"report_{report.when}", report)


@pytest.fixture(scope="session", autouse=True)
def data_dir_of_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Never the person's ~/.word-bridge: a bridge keeps state there (taskId bindings) that outlives it."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path_factory.mktemp("data-of-the-run")))
        yield


@pytest.fixture(autouse=True)
def data_dir_of_the_test(data_dir_of_the_run: None, tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's bridges start with a data directory of their own: no taskId bound by another test's bridge."""
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture
def anyio_backend() -> str:
    """Run the anyio tests on asyncio only: the server runs on asyncio (uvicorn)."""
    return "asyncio"


@pytest.fixture(scope="session")
def certs_dir(tmp_path_factory: pytest.TempPathFactory):
    """One set of development certificates for the whole run (key generation is slow)."""
    from bridge.setup.certs import ensure_dev_certs

    directory = tmp_path_factory.mktemp("certs")
    ensure_dev_certs(directory)
    return directory


@pytest.fixture
def unused_tcp_port() -> int:
    """A port that was free a moment ago, for a server started by another process."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def bridge(certs_dir):
    """A bridge served on a free port in a thread of this process (tests.support.ServerThread)."""
    from bridge.config import BridgeConfig
    from tests.support import ServerThread

    running = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=5.0)).start()
    yield running
    running.stop()
