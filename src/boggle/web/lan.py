"""Friends on the same network: the addresses other devices can open (``boggle serve
--lan``), the host names the server then answers, and QR codes of a link.

>>> lan_urls(["192.168.1.20"], ["studio"], 8000)
['http://192.168.1.20:8000/', 'http://studio:8000/']
>>> lan_allowed_hosts(["192.168.1.20", "fd00::20"], ["studio"], ["boggle.example"])
('boggle.example', '127.0.0.1', 'localhost', '[::1]', '192.168.1.20', '[fd00::20]', 'studio')
>>> qr_svg("http://192.168.1.20:8000/room/ABC234").startswith("<?xml")
True
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
from collections.abc import Iterable

__all__ = [
    "host_names",
    "is_loopback_host",
    "lan_addresses",
    "lan_allowed_hosts",
    "lan_urls",
    "qr_svg",
    "qr_terminal",
]

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
"""The names of the machine itself, as a URL writes its host: an address on one reaches no
other device.  The pages hold the same names (``LOOPBACK`` in ``static/board.js``);
``tests/web/test_share_browser.py`` holds the two to the same cases."""
_PROBES = ("192.0.2.1", "10.255.255.254", "172.31.255.254", "192.168.255.254", "8.8.8.8")
"""Addresses a datagram socket is pointed at (nothing is sent) to learn which local address
the system would use to reach them: the machine's address on each network it is on."""
_SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def is_loopback_host(host: str) -> bool:
    """Whether ``host`` (a URL's host name, an IPv6 address in brackets or not) is one of
    :data:`LOOPBACK_NAMES`, as the pages' ``LOOPBACK`` (board.js) tells it.

    >>> [is_loopback_host(h) for h in ("127.0.0.1", "LocalHost", "::1", "[::1]", "studio")]
    [True, True, True, True, False]
    """
    host = host.lower()
    return (f"[{host}]" if ":" in host and not host.startswith("[") else host) in LOOPBACK_NAMES


def _shareable(address: str) -> bool:
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (parsed.is_loopback or parsed.is_link_local or parsed.is_unspecified)


def _routed_addresses() -> list[str]:
    found = []
    for probe in _PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            try:
                udp.connect((probe, 9))
            except OSError:
                continue  # no route to that network
            found.append(str(udp.getsockname()[0]))
    return found


def _interface_addresses() -> list[str]:
    """Each network interface's IPv4 address (Linux; elsewhere none)."""
    try:
        import fcntl

        names = [name for _, name in socket.if_nameindex()]
    except (ImportError, OSError, AttributeError):
        return []
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        for name in names:
            request = struct.pack("256s", name[:15].encode())
            try:
                answer = fcntl.ioctl(udp.fileno(), _SIOCGIFADDR, request)
            except OSError:
                continue  # an interface without an IPv4 address
            found.append(socket.inet_ntoa(answer[20:24]))
    return found


def _resolved(name: str) -> list[str]:
    try:
        infos = socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []
    return [str(info[4][0]) for info in infos]


def lan_addresses() -> list[str]:
    """This machine's addresses other devices on its networks can reach (no loopback, no
    link-local), the one its default route uses first.

    >>> addresses = lan_addresses()
    >>> "127.0.0.1" in addresses, all(isinstance(address, str) for address in addresses)
    (False, True)
    """
    found = _routed_addresses() + _interface_addresses() + _resolved(socket.gethostname())
    return [address for address in dict.fromkeys(found) if _shareable(address)]


def host_names(addresses: Iterable[str]) -> list[str]:
    """This machine's name (and ``NAME.local``), where it resolves to one of ``addresses``.

    >>> host_names([])
    []
    """
    wanted = set(addresses)
    name = socket.gethostname()
    names = [name] if "." in name else [name, f"{name}.local"]
    return [each for each in names if each and wanted & set(_resolved(each))]


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def lan_urls(addresses: Iterable[str], names: Iterable[str], port: int) -> list[str]:
    """The addresses other devices open: by number, then by name.

    >>> lan_urls(["192.168.1.20", "fd00::20"], ["studio.local"], 8000)
    ['http://192.168.1.20:8000/', 'http://[fd00::20]:8000/', 'http://studio.local:8000/']
    """
    return [f"http://{_url_host(host)}:{port}/" for host in [*addresses, *names]]


def lan_allowed_hosts(
    addresses: Iterable[str], names: Iterable[str], named: Iterable[str]
) -> tuple[str, ...]:
    """The Host names a ``--lan`` server answers: those named with ``--allowed-host``, the
    loopback names, and this machine's network addresses and names.

    >>> lan_allowed_hosts(["192.168.1.20"], ["Studio"], [])
    ('127.0.0.1', 'localhost', '[::1]', '192.168.1.20', 'studio')
    """
    hosts = [*named, *LOOPBACK_NAMES, *(_url_host(a) for a in addresses), *names]
    return tuple(dict.fromkeys(host.lower() for host in hosts))


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as an SVG document (black on white, a quiet zone around).

    >>> svg = qr_svg("http://192.168.1.20:8000/")
    >>> svg.startswith("<?xml"), svg.rstrip().endswith("</svg>")
    (True, True)
    """
    import io

    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(
        out, kind="svg", scale=4, border=2, dark="#1d2430", light="#ffffff"
    )
    return out.getvalue().decode()


def qr_terminal(text: str) -> str:
    """A QR code of ``text`` drawn with block characters for a terminal, or "" without
    ``segno``.

    >>> drawn = qr_terminal("http://192.168.1.20:8000/")
    >>> drawn.count("\\n") > 10, set(drawn) <= set(" \\n█▀▄")
    (True, True)
    """
    try:
        import segno
    except ImportError:
        return ""
    import io

    out = io.StringIO()
    with contextlib.suppress(UnicodeError):
        segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
