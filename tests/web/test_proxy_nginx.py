"""The reverse-proxy block of docs/web.md ("Play with friends", over the internet), run: nginx
with that block (its certificate one the test makes, its ports free loopback ones) in front
of `boggle serve --allowed-host boggle.example.org`; pages, the API and the room socket
answer through it over TLS, a name the server is not for is still refused, and plain http
is sent to the https page.

Needs nginx and openssl (`.ci/install-nginx`); without them this skips with a reason
locally and fails in CI.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("websockets", reason="the web extra (websockets) is not installed")
from serve_process import ServeProcess, free_port
from websockets.sync.client import connect

DOC = Path(__file__).resolve().parents[2] / "docs" / "web.md"
NAME = "boggle.example.org"


def tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/local/sbin")
    if found:
        return found
    message = f"{name} is not installed: run .ci/install-nginx"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def documented_block() -> str:
    found = re.search(r"```nginx\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    assert found, "docs/web.md has no nginx block"
    return found.group(1)


@dataclass(frozen=True)
class Proxy:
    port: int  # the block's 443 (TLS)
    http_port: int  # the block's 80 (plain http, sent on to https)
    server: ServeProcess


@pytest.fixture(scope="module")
def proxy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxy]:
    nginx, openssl = tool("nginx"), tool("openssl")
    folder = tmp_path_factory.mktemp("nginx")
    certificate, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", f"/CN={NAME}", "-keyout", str(key), "-out", str(certificate)],
        check=True, capture_output=True,
    )  # fmt: skip
    server = ServeProcess(None, "--allowed-host", NAME)  # as documented: 127.0.0.1 answered too
    temp = {kind: folder / kind for kind in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for path in temp.values():
        path.mkdir()
    running: subprocess.Popen[bytes] | None = None
    try:
        # A free port may be taken by another test process (pytest-xdist) before nginx binds it:
        # nginx then says so and exits, and another free port is tried.
        for tries_left in reversed(range(3)):
            port, http_port = free_port(), free_port()
            while http_port == port:
                http_port = free_port()
            block = documented_block()
            assert "listen 80;" in block and "listen 443 ssl;" in block
            block = block.replace("listen 80;", f"listen 127.0.0.1:{http_port};")
            block = block.replace("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;")
            block = block.replace("http://127.0.0.1:8000", f"http://127.0.0.1:{server.port}")
            block = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {certificate};", block)
            block = re.sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {key};", block)
            config = folder / "nginx.conf"
            config.write_text(
                f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\n"
                "events {}\nhttp {\n  access_log off;\n"
                f"  client_body_temp_path {temp['body']};\n  proxy_temp_path {temp['proxy']};\n"
                f"  fastcgi_temp_path {temp['fastcgi']};\n  uwsgi_temp_path {temp['uwsgi']};\n"
                f"  scgi_temp_path {temp['scgi']};\n{block}\n}}\n",
                encoding="utf-8",
            )
            for leftover in ("error.log", "nginx.pid"):
                (folder / leftover).unlink(missing_ok=True)
            running = subprocess.Popen(
                [nginx, "-c", str(config), "-p", str(folder), "-g", "daemon off;"],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
            )
            if wait_for_nginx(running, port, folder, may_retry=tries_left > 0):
                break
        yield Proxy(port, http_port, server)
    finally:
        if running is not None:
            running.terminate()
            running.wait(timeout=10)
        server.stop()


def wait_for_nginx(
    running: subprocess.Popen[bytes], port: int, folder: Path, may_retry: bool
) -> bool:
    """Whether nginx answers on ``port`` (within 20 s); false when it exited because the port
    was taken and another may be tried, an error otherwise. nginx writes its pid file once
    it holds its port: until then a connection may reach whoever took the port."""
    log = folder / "error.log"
    deadline = time.monotonic() + 20
    while True:
        if running.poll() is not None:
            said = log.read_text() if log.exists() else ""
            said += running.stdout.read().decode(errors="replace") if running.stdout else ""
            if may_retry and "Address already in use" in said:
                return False
            raise RuntimeError(f"nginx exited early: {said}")
        try:
            if (folder / "nginx.pid").exists():
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return True
        except OSError:
            pass
        if time.monotonic() > deadline:
            running.kill()
            running.wait(timeout=10)
            raise RuntimeError(f"nginx did not answer within 20 s: {log.read_text()}")
        time.sleep(0.1)


def tls() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # the test's own certificate
    return context


def get(
    port: int, path: str, host: str, source: str = "127.0.0.1", times: int = 1
) -> tuple[int, bytes]:
    """``path`` fetched through the proxy, asking for ``host``, from the address ``source``
    (any loopback address reaches the proxy on Linux: another client, as nginx sees it);
    with ``times``, asked again on the same connection until refused (429), the last answer."""
    connection = http.client.HTTPSConnection(
        "127.0.0.1", port, context=tls(), timeout=10, source_address=(source, 0)
    )
    try:
        for _ in range(times):
            connection.request("GET", path, headers={"Host": host})
            answer = connection.getresponse()
            status, body = answer.status, answer.read()
            if status == 429:
                break
        return status, body
    finally:
        connection.close()


def test_pages_and_the_api_answer_through_the_proxy(proxy: Proxy) -> None:
    port = proxy.port
    status, body = get(port, "/api/health", NAME)
    assert status == 200 and json.loads(body)["status"] == "ok"
    status, body = get(port, "/room", NAME)
    assert status == 200 and b"<title>boggle" in body
    status, body = get(port, "/api/health", "rebinding.example")
    assert status == 400 and b"does not answer for host" in body


def test_the_room_socket_works_through_the_proxy(proxy: Proxy) -> None:
    port = proxy.port
    with connect(
        f"wss://{NAME}:{port}/ws/rooms",
        sock=socket.create_connection(("127.0.0.1", port)),
        ssl=tls(),
        origin=f"https://{NAME}:{port}",  # as a browser on that page sends it
        open_timeout=10,
    ) as socket_:
        socket_.send(json.dumps({"type": "create", "name": "ann", "settings": {}}))
        message = json.loads(socket_.recv(timeout=10))
        assert message["type"] == "joined" and len(message["code"]) == 6


def test_the_room_page_s_qr_code_of_its_https_link_is_drawn_through_the_proxy(
    proxy: Proxy,
) -> None:
    """The room page asks for a QR code of its own link, https://NAME/room/CODE: the server,
    reached over plain http from the proxy, took the link for one to another server (400) and
    the room page showed a broken image. The block passes the scheme on (X-Forwarded-Proto)."""
    port = proxy.port
    link = f"https://{NAME}/room/ABC234"  # the page's own link, on port 443
    status, body = get(port, f"/api/share/qr.svg?url={link}", NAME)
    assert status == 200 and b"<svg" in body, body[:200]


def test_each_player_behind_the_proxy_has_the_limits_of_their_own_address(
    proxy: Proxy,
) -> None:
    """Every request came from the proxy's address, so the limits of one address (room codes
    looked up, rooms created, sockets open) were shared by every player of the server: ten
    unknown room codes looked up by one visitor refused the next look-up of anyone else. The
    block passes the client's address on (X-Forwarded-For), which the server takes from the
    proxy on its own machine."""
    port = proxy.port
    assert get(port, "/api/rooms/ZZZZZ2", NAME, source="127.0.0.2")[0] == 404
    # one connection, no TLS handshake a look-up: a loaded machine that took over 0.5 s for
    # each let the bucket (2 a second, bursts of 10) fill as fast as it was drained
    assert get(port, "/api/rooms/ZZZZZ2", NAME, source="127.0.0.2", times=60)[0] == 429
    assert get(port, "/api/rooms/ZZZZZ3", NAME, source="127.0.0.3")[0] == 404


def test_plain_http_is_sent_to_the_https_page(proxy: Proxy) -> None:
    """The block on port 80: a link typed or shared as http:// (a QR code scanned by a
    phone that drops the scheme) is sent on to the same page over https, not refused."""
    connection = http.client.HTTPConnection("127.0.0.1", proxy.http_port, timeout=10)
    try:
        connection.request("GET", "/room/ABC234?x=1", headers={"Host": NAME})
        answer = connection.getresponse()
        answer.read()
    finally:
        connection.close()
    assert answer.status == 301
    assert answer.getheader("Location") == f"https://{NAME}/room/ABC234?x=1"
