"""bridge.outbound: the address guard (checked on resolved addresses, before connecting, on every redirect hop,
where the connection is opened), limits, and that TLS still names the original host.

No test sends a packet beyond loopback: `no_outside_connections` fails any socket connect to another address and
`fake_dns` answers every host name from a table.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from typing import Any

import pytest

from bridge import outbound
from tests.tools.web_servers import (WebServer, fake_dns, no_outside_connections, page, redirect, send, trusted_tls,
                                     web)

pytestmark = pytest.mark.anyio
__all__ = ["fake_dns", "no_outside_connections", "trusted_tls", "web"]  # fixtures used below

ENV = outbound.ALLOW_PRIVATE_ENV


@pytest.fixture(autouse=True)
def guard_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(name, raising=False)


async def refused(url: str, **kwargs: Any) -> outbound.OutboundError:
    with pytest.raises(outbound.OutboundError) as info:
        await outbound.fetch(url, max_bytes=kwargs.pop("max_bytes", 1 << 20), timeout_s=kwargs.pop("timeout_s", 5),
                             **kwargs)
    return info.value


@pytest.mark.parametrize(("ip", "kind"), [
    ("127.0.0.1", "loopback"), ("127.8.9.10", "loopback"), ("::1", "loopback"),
    ("10.0.0.1", "private"), ("172.16.5.4", "private"), ("192.168.1.1", "private"), ("fd12:3456::1", "private"),
    ("169.254.169.254", "link-local"), ("fe80::1", "link-local"),
    ("224.0.0.1", "multicast"), ("ff02::1", "multicast"),
    ("0.0.0.0", "unspecified"), ("::", "unspecified"),
    ("240.0.0.1", "reserved"), ("100.64.0.1", "non-public"),
    ("::ffff:127.0.0.1", "loopback"), ("::ffff:10.0.0.1", "private"), ("::ffff:169.254.169.254", "link-local"),
    ("2002:a00:1::", "private"),  # 6to4 wrapping 10.0.0.1
    ("64:ff9b::7f00:1", "loopback"),  # NAT64 wrapping 127.0.0.1
    ("8.8.8.8", None), ("93.184.216.34", None), ("2606:4700:4700::1111", None), ("::ffff:8.8.8.8", None),
])
def test_address_classes(ip: str, kind: str | None) -> None:
    assert outbound.address_class(ip) == kind


@pytest.mark.parametrize(("url", "kind"), [
    ("http://10.0.0.1/", "private"),
    ("http://169.254.169.254/latest/meta-data/", "link-local"),
    ("https://[fd00::1]/", "private"),
    ("http://[::ffff:10.0.0.1]:8080/", "private"),
    ("http://0.0.0.0/", "unspecified"),
    ("http://100.64.0.1/", "non-public"),
])
async def test_private_literals_are_refused_without_any_connection(
        url: str, kind: str, no_outside_connections: list[Any]) -> None:
    err = await refused(url)
    assert isinstance(err, outbound.ForbiddenAddress)
    assert err.error_type == "forbidden_address" and err.address_class == kind
    article = "an" if kind[0] in "aeiou" else "a"
    assert f"{article} {kind} address" in str(err) and ENV in str(err)
    assert no_outside_connections == []  # not even a loopback socket was opened


async def test_loopback_is_refused_before_connecting(web: Callable[..., WebServer],
                                                     no_outside_connections: list[Any]) -> None:
    v4 = web(routes={"/": page("<p>hi</p>")})
    err = await refused(v4.url())
    assert isinstance(err, outbound.ForbiddenAddress) and err.address_class == "loopback"
    assert str(err).startswith("127.0.0.1 is a loopback address")
    assert v4.connections == 0 and no_outside_connections == []


async def test_ipv6_loopback_is_refused_before_connecting(web: Callable[..., WebServer],
                                                          no_outside_connections: list[Any]) -> None:
    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    try:
        v6 = web(host="::1", routes={"/": page("<p>hi</p>")})
    except OSError:
        pytest.skip("cannot listen on [::1]")
    err = await refused(v6.url())
    assert isinstance(err, outbound.ForbiddenAddress) and err.address == "::1"
    assert v6.connections == 0 and no_outside_connections == []


async def test_a_name_is_checked_on_what_it_resolves_to(web: Callable[..., WebServer], fake_dns: dict[str, Any],
                                                        no_outside_connections: list[Any]) -> None:
    server = web(routes={"/": page("<p>hi</p>")})
    fake_dns["intranet.test"] = ["127.0.0.1"]
    err = await refused(server.url(host="intranet.test"))
    assert str(err).startswith("intranet.test resolves to 127.0.0.1, a loopback address")
    assert server.connections == 0


async def test_a_name_with_any_forbidden_answer_is_refused_whole(fake_dns: dict[str, Any],
                                                                 no_outside_connections: list[Any]) -> None:
    fake_dns["mixed.test"] = ["93.184.216.34", "10.0.0.1"]
    err = await refused("http://mixed.test/")
    assert isinstance(err, outbound.ForbiddenAddress) and err.address == "10.0.0.1"
    assert no_outside_connections == []  # the public answer was not tried either


async def test_a_redirect_to_loopback_is_refused_before_connecting(
        web: Callable[..., WebServer], monkeypatch: pytest.MonkeyPatch, no_outside_connections: list[Any]) -> None:
    target = web(host="127.0.0.2", routes={"/secret": page("<p>secret</p>")})
    start = web(routes={"/go": redirect(target.url("/secret"))})
    monkeypatch.setenv(ENV, "127.0.0.1")  # exempt the first server only
    err = await refused(start.url("/go"))
    assert isinstance(err, outbound.ForbiddenAddress)
    assert f"redirected to {target.url('/secret')}: 127.0.0.2 is a loopback address" in str(err)
    assert err.url == start.url("/go")
    assert start.connections == 1 and target.connections == 0


async def test_a_redirect_to_the_metadata_address_is_refused(web: Callable[..., WebServer],
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             no_outside_connections: list[Any]) -> None:
    start = web(routes={"/go": redirect("http://169.254.169.254/latest/meta-data/")})
    monkeypatch.setenv(ENV, "127.0.0.1/32")
    err = await refused(start.url("/go"))
    assert isinstance(err, outbound.ForbiddenAddress) and err.address_class == "link-local"
    assert [a[0] for a in no_outside_connections] == ["127.0.0.1"]


async def test_the_guard_runs_where_the_connection_is_opened(web: Callable[..., WebServer],
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             fake_dns: dict[str, Any],
                                                             no_outside_connections: list[Any]) -> None:
    """DNS rebinding: the name passes the check before the request, then answers a forbidden address."""
    target = web(host="127.0.0.2", routes={"/": page("<p>secret</p>")})
    answers = iter([["127.0.0.1"], ["127.0.0.2"]])
    fake_dns["rebind.test"] = lambda: next(answers)
    monkeypatch.setenv(ENV, "127.0.0.1")
    err = await refused(target.url(host="rebind.test"))
    assert isinstance(err, outbound.ForbiddenAddress) and err.address == "127.0.0.2"
    assert target.connections == 0 and no_outside_connections == []


async def test_connects_to_the_checked_address_and_sends_the_original_host(
        web: Callable[..., WebServer], monkeypatch: pytest.MonkeyPatch, fake_dns: dict[str, Any],
        no_outside_connections: list[Any]) -> None:
    server = web(routes={"/": page("<p>hello</p>")})
    fake_dns["site.test"] = ["127.0.0.1"]
    monkeypatch.setenv(ENV, "127.0.0.1")
    got = await outbound.fetch(server.url(host="site.test"), max_bytes=1000, timeout_s=5,
                               headers={"User-Agent": "probe/1"})
    assert got.content == b"<p>hello</p>" and got.status_code == 200
    assert server.requests == [{"path": "/", "host": f"site.test:{server.port}", "user_agent": "probe/1"}]
    names = [n for n in fake_dns["__calls__"] if n == "site.test"]
    assert names == ["site.test", "site.test"]  # the check before the request, the one at connect: no third lookup
    assert [a[0] for a in no_outside_connections] == ["127.0.0.1"]


async def test_https_keeps_the_host_name_for_sni_and_the_certificate(
        web: Callable[..., WebServer], monkeypatch: pytest.MonkeyPatch, fake_dns: dict[str, Any],
        trusted_tls: Callable[[list[str]], Any], no_outside_connections: list[Any]) -> None:
    server = web(tls=trusted_tls(["secure.test"]), routes={"/": page("<p>tls</p>")})
    fake_dns["secure.test"] = ["127.0.0.1"]
    fake_dns["other.test"] = ["127.0.0.1"]
    monkeypatch.setenv(ENV, "127.0.0.1")
    got = await outbound.fetch(server.url(host="secure.test"), max_bytes=1000, timeout_s=5)
    assert got.content == b"<p>tls</p>"
    assert server.sni == ["secure.test"] and server.requests[0]["host"] == f"secure.test:{server.port}"
    err = await refused(server.url(host="other.test"))  # the certificate does not name it: verified, refused
    assert err.error_type == "network_error" and "certificate" in err.details.lower()


async def test_allow_private_network_lifts_the_refusal(web: Callable[..., WebServer],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    server = web(routes={"/": page("<p>ok</p>")})
    monkeypatch.setenv(ENV, "1")
    got = await outbound.fetch(server.url(), max_bytes=100, timeout_s=5)
    assert got.content == b"<p>ok</p>"
    monkeypatch.setenv(ENV, "0")
    assert isinstance(await refused(server.url()), outbound.ForbiddenAddress)
    monkeypatch.setenv(ENV, "10.0.0.0/8")  # a list that does not include loopback
    assert isinstance(await refused(server.url()), outbound.ForbiddenAddress)


async def test_environment_proxies_are_not_used(web: Callable[..., WebServer], monkeypatch: pytest.MonkeyPatch) -> None:
    target = web(routes={"/": page("<p>direct</p>")})
    proxy = web(routes={})
    monkeypatch.setenv(ENV, "1")
    monkeypatch.setenv("HTTP_PROXY", proxy.url())
    monkeypatch.setenv("ALL_PROXY", proxy.url())
    got = await outbound.fetch(target.url(), max_bytes=100, timeout_s=5)
    assert got.content == b"<p>direct</p>" and proxy.connections == 0


# --- the other limits ------------------------------------------------------------


def endless(h: Any) -> None:
    h.send_response(200)
    h.send_header("Content-Type", "text/html")
    h.end_headers()
    h.close_connection = True
    for _ in range(2000):
        h.wfile.write(b"x" * 65536)


def hang(h: Any) -> None:
    time.sleep(3)
    redirect("/")(h)


@pytest.fixture
def local(web: Callable[..., WebServer], monkeypatch: pytest.MonkeyPatch) -> WebServer:
    monkeypatch.setenv(ENV, "1")
    return web(routes={
        "/": page("<p>ok</p>"), "/big": page(b"x" * 5000), "/endless": endless, "/hang": hang,
        "/loop": redirect("/loop"), "/to-file": redirect("file:///etc/passwd"), "/hop": redirect("/"),
        "/gone": lambda h: h.send_error(410),
        "/broken": lambda h: send(h, 503, b"<p>down</p>"), "/hop-to-broken": redirect("/broken", 307),
        "/to-loopback-2": lambda h: redirect(f"http://127.0.0.2:{h.server.server_address[1]}/")(h),
    })


async def test_redirects_are_followed_then_capped(local: WebServer) -> None:
    got = await outbound.fetch(local.url("/hop"), max_bytes=100, timeout_s=5)
    assert got.content == b"<p>ok</p>" and got.final_url == local.url("/") and got.redirects == [local.url("/")]
    err = await refused(local.url("/loop"))
    assert err.error_type == "too_many_redirects" and local.connections >= 1
    assert len([r for r in local.requests if r["path"] == "/loop"]) == outbound.MAX_REDIRECTS + 1
    err = await refused(local.url("/to-file"))
    assert err.error_type == "invalid_url" and "non-http" in str(err)


async def test_body_size_limit_by_header_and_by_stream(local: WebServer) -> None:
    err = await refused(local.url("/big"), max_bytes=1000)
    assert err.error_type == "too_large" and "5,000 bytes" in str(err)
    started = time.monotonic()
    err = await refused(local.url("/endless"), max_bytes=100_000)
    assert err.error_type == "too_large" and time.monotonic() - started < 5


async def test_total_deadline(local: WebServer) -> None:
    started = time.monotonic()
    err = await refused(local.url("/hang"), timeout_s=0.5)
    assert err.error_type == "timeout" and "0.5 s" in str(err)
    assert time.monotonic() - started < 2


async def test_http_errors_carry_the_status(local: WebServer) -> None:
    err = await refused(local.url("/gone"))
    assert err.error_type == "http_status" and err.status_code == 410 and "HTTP 410" in str(err)


def not_text(resp: Any) -> None:
    raise outbound.OutboundError("invalid_url", str(resp.url), "not text")


async def test_any_status_returns_the_final_answer_under_the_same_checks(local: WebServer,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """`any_status`: a 4xx/5xx page is the answer (its body read), after redirects; limits and the guard still hold."""
    got = await outbound.fetch(local.url("/gone"), max_bytes=10_000, timeout_s=5, any_status=True)
    assert got.status_code == 410 and b"410" in got.content and got.content_type == "text/html"
    got = await outbound.fetch(local.url("/hop-to-broken"), max_bytes=10_000, timeout_s=5, any_status=True)
    assert (got.status_code, got.content, got.final_url) == (503, b"<p>down</p>", local.url("/broken"))
    assert got.redirects == [local.url("/broken")]
    err = await refused(local.url("/broken"), max_bytes=5, any_status=True)
    assert err.error_type == "too_large"
    err = await refused(local.url("/broken"), inspect=not_text, any_status=True)
    assert str(err) == "not text"
    err = await refused(local.url("/loop"), any_status=True)
    assert err.error_type == "too_many_redirects"
    monkeypatch.setenv(ENV, "127.0.0.1")  # 127.0.0.2 is refused again
    err = await refused(local.url("/to-loopback-2"), any_status=True)
    assert isinstance(err, outbound.ForbiddenAddress) and err.address == "127.0.0.2"
    assert [r["path"] for r in local.requests].count("/to-loopback-2") == 1


@pytest.mark.parametrize("url", ["ftp://example.test/a", "file:///etc/passwd", "http://", "not a url",
                                 "http://exa mple.test/", "http://host.test:99999/", "javascript:alert(1)"])
async def test_only_http_urls_with_a_host(url: str, fake_dns: dict[str, Any],
                                          no_outside_connections: list[Any]) -> None:
    err = await refused(url)
    assert err.error_type == "invalid_url"
    assert no_outside_connections == [] and fake_dns["__calls__"] == []


async def test_an_unknown_name_is_a_network_error(fake_dns: dict[str, Any], no_outside_connections: list[Any]) -> None:
    err = await refused("http://nowhere.test/")
    assert err.error_type == "network_error" and "could not resolve nowhere.test" in str(err)
    assert no_outside_connections == []
