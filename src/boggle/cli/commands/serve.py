"""``boggle serve``: the web app (a page and a JSON API) on a local port.

Needs the ``web`` extra: ``pip install 'boggle[web]'`` (``'.[web]'`` in the source tree).
The API is described at ``/openapi.json`` while the server runs.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import math
import os
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boggle.cli.commands._help import with_examples
from boggle.cli.commands._options import add_offensive_option, real_number, whole_number
from boggle.model.errors import BoggleError, LexiconError
from boggle.model.wording import grouped, quoted, shown_number
from boggle.wordlists.catalogue import check_list_name
from boggle.wordlists.loading import load_lexicon
from boggle.wordlists.sources import DEFAULT_WORDLIST, bundled_lists

if TYPE_CHECKING:
    from boggle.rooms.challenges import ChallengeLimits
    from boggle.rooms.limits import RoomLimits
    from boggle.web.context import WebConfig

MAX_PORT = 65_535
"""The largest TCP port ``--port`` may name."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="serve the web app and its JSON API",
        description="Serve the web app (the solver, solo play, rooms to play with friends, "
        "the daily board, challenges, My words) and its JSON API (/api/solve, /api/roll, "
        "/api/check, /api/play, /api/judge, /api/define, /api/daily, /api/challenges, ...; "
        "every route described at /openapi.json). "
        "Needs pip install 'boggle[web]' (or pip install '.[web]' in the source tree).",
        **with_examples("serve"),
    )
    parser.add_argument(
        "--host",
        help="address to listen on (default 127.0.0.1; with --lan every address, 0.0.0.0)",
    )
    parser.add_argument(
        "--lan",
        action="store_true",
        help="play with friends on the same network: listen on this machine's network "
        "addresses, print the address (and a QR code) other devices open, and answer for "
        "those addresses",
    )
    parser.add_argument(
        "--port",
        type=whole_number,
        default=8000,
        help=f"port, 1 to {grouped(MAX_PORT)} (default 8000)",
    )
    parser.add_argument(
        "--dict-file",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="also offer the word list file PATH to clients as NAME (repeatable); clients "
        "choose lists by name only",
    )
    parser.add_argument(
        "--default-dict",
        default=None,
        metavar="NAME",
        help=f"the list used when none is named (default {DEFAULT_WORDLIST})",
    )
    parser.add_argument(
        "--warm",
        action="append",
        default=[],
        metavar="NAMES",
        help="also make these word lists ready for rooms as the server starts, after the "
        "default list, one at a time, the port bound without waiting: names separated by "
        "commas (en-80,es; repeatable), or all for every list offered; each list warmed "
        "stays in memory, as one a room played would (default: the default list only)",
    )
    add_offensive_option(parser, " among the words missed or nobody found")
    parser.add_argument(
        "--max-side",
        type=whole_number,
        default=20,
        metavar="N",
        help="largest board side, 1 or more; boards of up to N x N cells (default 20)",
    )
    parser.add_argument(
        "--solve-timeout",
        type=real_number,
        default=5.0,
        metavar="SECONDS",
        help="longest a solve or judge may take, any number above 0 (default 5)",
    )
    parser.add_argument(
        "--max-body",
        type=whole_number,
        default=64 * 1024,
        metavar="BYTES",
        help="largest request body, 1 or more (default 65,536: 64 KiB)",
    )
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name clients may use in URLs (repeatable), besides --host, localhost, "
        "127.0.0.1 and [::1]; others are refused, against DNS rebinding (default: those; any "
        "name when --host is 0.0.0.0 or ::)",
    )
    parser.add_argument(
        "--max-connections",
        type=whole_number,
        default=None,
        metavar="N",
        help="open connections at most, 1 or more; past it a new one replaces the one waiting "
        "longest for its request (default: 1000, or fewer to stay below the open-file limit)",
    )
    parser.add_argument(
        "--head-timeout",
        type=real_number,
        default=10.0,
        metavar="SECONDS",
        help="longest a client may take to send a request's head, any number above 0 (default 10)",
    )
    parser.add_argument(
        "--ws-idle-timeout",
        type=real_number,
        default=30.0,
        metavar="SECONDS",
        help="close a room WebSocket that is in no room after this long without a message, "
        "any number above 0 (default 30)",
    )
    parser.add_argument(
        "--room-idle-minutes",
        type=real_number,
        default=None,
        metavar="MINUTES",
        help="close a room after this long without a word, a start or a player joining or "
        "leaving, any number above 0 (default 30; a lesson that talks between rounds may "
        "want 90)",
    )
    parser.add_argument(
        "--max-sockets-per-address",
        type=whole_number,
        default=100,
        metavar="N",
        help="room WebSockets one client address (an IPv6 /64) may hold open at once, 0 or "
        "more; 0 for no cap (default 100)",
    )
    parser.add_argument(
        "--data",
        default=None,
        metavar="DIR",
        help="keep finished rounds and matches of rooms in DIR/results.sqlite3 (default: "
        "$BOGGLE_DATA_DIR, else the per-user data directory, e.g. ~/.local/share/boggle)",
    )
    parser.add_argument(
        "--rooms-file",
        default=None,
        metavar="FILE",
        help="write the open rooms (players, scores, a round being played and its time left) "
        "to FILE when the server stops, and bring them back from it when it starts, so a "
        "restart loses no room; a FILE that is not a rooms file is refused, never written "
        "over (default: rooms end with the server)",
    )
    parser.add_argument(
        "--keep-days",
        type=real_number,
        default=90.0,
        metavar="DAYS",
        help="delete stored rounds and matches finished more than DAYS ago, 0 or more "
        "(default 90; 0 keeps them for ever)",
    )
    parser.add_argument(
        "--rooms-per-address",
        type=whole_number,
        default=None,
        metavar="N",
        help="rooms the clients of one address may create at once, then one more every 15 s, "
        "0 or more (default 10; 0: no limit per address, e.g. a load test from one machine)",
    )
    parser.add_argument(
        "--challenges-per-address",
        type=whole_number,
        default=None,
        metavar="N",
        help="challenges the clients of one address may create at once, then one more every "
        "15 s, 0 or more (default 10; 0: no limit per address); each room connection open "
        "from the address adds as many (a class in a room behind one school address)",
    )
    parser.add_argument(
        "--round-processes",
        type=whole_number,
        default=1,
        metavar="N",
        help="worker processes for word checks, play rounds and judging, at a lower CPU "
        "priority, so their path searches never slow the other answers, 0 to 4 a core, "
        "256 at most (default 1; 0: "
        "threads of the server's own process)",
    )
    parser.add_argument(
        "--offline-boards",
        type=whole_number,
        default=3,
        metavar="N",
        help="boards a play page keeps for solo rounds with no connection, 0 to 10; each "
        "costs a solve and up to a few hundred KB of JSON when a page fetches it (default 3; "
        "0: offline play off, and the page says so)",
    )
    parser.add_argument(
        "--room-words-per-second",
        type=real_number,
        default=1000.0,
        metavar="N",
        help="words all rooms together take a second, any number above 0; a word over it waits "
        "its turn, or is refused (busy) when its turn is over 2 s away (default 1000)",
    )
    parser.add_argument(
        "--max-rooms",
        type=whole_number,
        default=None,
        metavar="N",
        help="rooms open at once on the server, 1 or more; past it a new room is refused "
        "(default 500)",
    )
    parser.add_argument(
        "--max-players",
        type=whole_number,
        default=None,
        metavar="N",
        help="players in one room, 1 or more; past it a newcomer takes the seat of a player "
        "gone for a while, or is refused (default 40: a class of 30 and more)",
    )
    parser.add_argument(
        "--access-log",
        action="store_true",
        help="write one line a request to standard output: the time, the client's address "
        "(behind a proxy, the one it passes on), the request line and the status",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="ADDRESSES",
        help="the proxies whose X-Forwarded-For and X-Forwarded-Proto (the client's address "
        "and scheme) are believed: addresses or networks separated by commas "
        "(192.0.2.7,10.0.0.0/8), * for any, none for no proxy (default: "
        "$FORWARDED_ALLOW_IPS, else 127.0.0.1,::1: a proxy on this machine)",
    )
    parser.set_defaults(run=run)


def parse_dict_files(entries: list[str]) -> dict[str, Path]:
    """``NAME=PATH`` options as a mapping, each file checked now rather than per request."""
    offered: dict[str, Path] = {}
    bundled = {entry.name for entry in bundled_lists()}
    for entry in entries:
        name, sep, path = entry.partition("=")
        name = name.strip()
        if not sep or not name or not path:
            raise LexiconError(f"--dict-file takes NAME=PATH, got {quoted(entry)}")
        if name in bundled or name in offered:
            raise LexiconError(f"--dict-file name {quoted(name)} is already taken")
        check_list_name(name)
        load_lexicon(path, name=name)  # a bad file fails here, not later; the app reuses it
        offered[name] = Path(path)
    return offered


def lists_to_warm(entries: list[str], offered: list[str]) -> tuple[str, ...]:
    """The lists ``--warm`` names (each option's names separated by commas, ``all`` for
    every list ``offered``; an option whose whole text names an offered list, that list),
    in order, each once; a name not offered is refused in one line.

    >>> lists_to_warm(["en-80, es", "es"], ["en-70", "en-80", "es"])
    ('en-80', 'es')
    >>> lists_to_warm(["all"], ["en-70", "es"])
    ('en-70', 'es')
    >>> lists_to_warm(["fr"], ["en-70", "es"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    boggle.model.errors.BoggleError: --warm: no word list 'fr' is offered; choose from en-70, ...
    """
    names: list[str] = []
    for entry in entries:
        whole = entry.strip()  # a list named with a comma (--dict-file 'a,b=PATH') is one
        parts = [whole] if whole in offered else entry.split(",")
        for name in (part.strip() for part in parts):
            if name == "all":
                names.extend(offered)
            elif not name:
                raise BoggleError(
                    f"--warm: an empty name in {quoted(entry)}; give list names separated "
                    "by commas (en-80,es), or all"
                )
            elif name not in offered:
                raise BoggleError(
                    f"--warm: no word list {quoted(name)} is offered; choose from "
                    f"{', '.join(offered)}, or all"
                )
            else:
                names.append(name)
    return tuple(dict.fromkeys(names))


LOOPBACK_PROXIES = "127.0.0.1,::1"
"""The proxies believed unless ``--forwarded-allow-ips`` or ``$FORWARDED_ALLOW_IPS`` says
otherwise: one on this machine (a client there could forge its address anyway)."""


def trusted_proxies(value: str, source: str = "--forwarded-allow-ips") -> list[str]:
    """The proxies ``value`` names (``source`` says where it came from in an error): each
    address or network written as uvicorn compares it, ``["*"]`` for any, ``[]`` for none.

    >>> trusted_proxies("127.0.0.1, [::1],10.0.0.0/8")
    ['127.0.0.1', '::1', '10.0.0.0/8']
    >>> trusted_proxies("*"), trusted_proxies("none")
    (['*'], [])
    >>> trusted_proxies("10.0.0.5/8")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    boggle.model.errors.BoggleError: --forwarded-allow-ips: '10.0.0.5/8' is not an address ...
    """
    import ipaddress

    entries = [entry.strip() for entry in value.split(",")]
    if entries in (["*"], ["none"]):
        return [] if entries == ["none"] else ["*"]
    proxies = []
    for entry in entries:
        bare = entry[1:-1] if entry[:1] == "[" and entry[-1:] == "]" else entry  # [::1]
        try:
            if "/" in entry:
                proxies.append(str(ipaddress.ip_network(bare)))
            else:
                proxies.append(str(ipaddress.ip_address(bare)))
        except ValueError:
            hint = " (a network's address ends in zero bits: 10.0.0.0/8)" if "/" in entry else ""
            what = f"{quoted(entry)} is not an address or a network{hint}"
            raise BoggleError(
                f"{source}: {what if entry else f'an empty entry in {quoted(value)}'}; "
                "give addresses or networks separated "
                "by commas (192.0.2.7,10.0.0.0/8), * for any proxy or none for no proxy"
            ) from None
    return list(dict.fromkeys(proxies))


def allowed_hosts(host: str, named: list[str]) -> tuple[str, ...]:
    """The Host header names the server answers: those named, the address it listens on and
    the loopback names (a health check or a browser on this machine, which no page of
    another site's name reaches by DNS rebinding), or any (``*``) on all interfaces when none
    is named.

    >>> allowed_hosts("127.0.0.1", [])
    ('127.0.0.1', 'localhost', '[::1]')
    >>> allowed_hosts("::1", ["boggle.example"])
    ('boggle.example', '[::1]', 'localhost', '127.0.0.1')
    >>> allowed_hosts("0.0.0.0", []), allowed_hosts("0.0.0.0", ["boggle.example"])
    (('*',), ('boggle.example', 'localhost', '127.0.0.1', '[::1]'))
    """
    everywhere = every_address(host)
    if everywhere and not named:
        return ("*",)
    listening = [] if everywhere else [url_host(host)]
    return tuple(dict.fromkeys([*named, *listening, "localhost", "127.0.0.1", "[::1]"]))


def loopback(host: str) -> bool:
    """Whether ``host`` is this machine only, which no other device reaches.

    >>> loopback("127.0.0.1"), loopback("::1"), loopback("localhost"), loopback("0.0.0.0")
    (True, True, True, False)
    >>> loopback("192.168.1.20"), loopback("boggle.example")
    (False, False)
    """
    import ipaddress

    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host.lower().rstrip(".") == "localhost"


def numeric_host(host: str) -> str:
    """``--host`` as the socket reads it: an IPv4 address in a short or old form that
    :mod:`ipaddress` does not read (``0``, ``127.1``, ``0x7f.0.0.1``, ``010.0.0.1``) written
    as the dotted address it binds, so that the address printed, the Host names answered and
    :func:`every_address` agree with it; any other host as given.

    >>> numeric_host("0"), numeric_host("127.1"), numeric_host("010.0.0.1")
    ('0.0.0.0', '127.0.0.1', '8.0.0.1')
    >>> numeric_host("::1"), numeric_host("localhost"), numeric_host("192.0.2.7")
    ('::1', 'localhost', '192.0.2.7')
    """
    import ipaddress

    try:
        ipaddress.ip_address(host.strip("[]"))
        return host
    except ValueError:
        pass
    if ":" in host:
        return host
    try:
        infos = socket.getaddrinfo(
            host, None, socket.AF_INET, socket.SOCK_STREAM, 0, socket.AI_NUMERICHOST
        )
    except (socket.gaierror, UnicodeError, ValueError):  # a name, or one with a NUL
        return host
    return str(infos[0][4][0])


def every_address(host: str) -> bool:
    """Whether ``--host`` listens on every address of the machine.

    >>> every_address("0.0.0.0"), every_address("::"), every_address("::0"), every_address("")
    (True, True, True, True)
    >>> every_address("127.0.0.1"), every_address("boggle.example")
    (False, False)
    """
    import ipaddress

    try:
        return not host or ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def serving_line(host: str, port: int, network_urls: list[str]) -> str:
    """The line that says the server runs: on every address, the one to open on this
    machine and those other devices open (``network_urls``, :func:`boggle.web.lan.lan_urls`),
    not ``http://0.0.0.0:8000/``, which no browser of another device opens.

    >>> serving_line("127.0.0.1", 8000, [])
    'boggle: serving on http://127.0.0.1:8000/ (Ctrl-C stops)'
    >>> serving_line("0.0.0.0", 80, ["http://192.0.2.20:80/", "http://[fd00::20]:80/"])[19:]
    'http://127.0.0.1:80/ and, from other devices, http://192.0.2.20:80/ and \
http://[fd00::20]:80/ (every address of this machine; Ctrl-C stops)'
    >>> serving_line("::", 80, [])[19:]
    'http://[::1]:80/ (every address of this machine, none but loopback now; Ctrl-C stops)'
    """
    if not every_address(host):
        return f"boggle: serving on http://{url_host(host)}:{port}/ (Ctrl-C stops)"
    here = f"http://{'[::1]' if ':' in host else '127.0.0.1'}:{port}/"
    if not network_urls:
        return (
            f"boggle: serving on {here} (every address of this machine, none but loopback "
            "now; Ctrl-C stops)"
        )
    others = " and ".join(network_urls)
    return (
        f"boggle: serving on {here} and, from other devices, {others} (every address of "
        "this machine; Ctrl-C stops)"
    )


def url_host(host: str) -> str:
    """The host as a URL writes it: an IPv6 address in brackets.

    >>> url_host("::1"), url_host("127.0.0.1")
    ('[::1]', '127.0.0.1')
    """
    return f"[{host}]" if ":" in host else host


def room_limits(args: argparse.Namespace) -> RoomLimits:
    """The rooms' limits, with those the options change.

    >>> room_limits(argparse.Namespace(rooms_per_address=0)).rooms_per_address
    0
    """
    from boggle.rooms.limits import RoomLimits

    options = {
        "max_rooms": "max_rooms",
        "max_players": "max_players",
        "rooms_per_address": "rooms_per_address",
        "idle_outside_room_seconds": "ws_idle_timeout",
        "max_sockets_per_address": "max_sockets_per_address",
        "words_per_second": "room_words_per_second",
    }
    chosen: dict[str, Any] = {}
    for field, option in options.items():
        if (value := getattr(args, option, None)) is not None:
            chosen[field] = value
    if (minutes := getattr(args, "room_idle_minutes", None)) is not None:
        chosen["idle_seconds"] = minutes * 60
    return RoomLimits(**chosen)


def challenge_limits(args: argparse.Namespace) -> ChallengeLimits:
    """The challenges' limits, with ``--challenges-per-address``.

    >>> challenge_limits(argparse.Namespace(challenges_per_address=0)).per_address
    0
    """
    from boggle.rooms.challenges import ChallengeLimits

    chosen = getattr(args, "challenges_per_address", None)
    return ChallengeLimits() if chosen is None else ChallengeLimits(per_address=chosen)


def run(args: argparse.Namespace) -> int:
    missing = [
        m for m in ("fastapi", "uvicorn", "websockets") if importlib.util.find_spec(m) is None
    ]
    if missing:
        raise BoggleError(
            f"the web app needs {' and '.join(missing)}: pip install 'boggle[web]' "
            "(or pip install '.[web]' in the source tree)"
        )
    if not 1 <= args.port <= MAX_PORT:
        raise BoggleError(
            f"--port must be from 1 to {grouped(MAX_PORT)}, got {shown_number(args.port)}"
        )
    if args.host is not None:
        args.host = numeric_host(args.host)
    if args.lan and args.host is not None and loopback(args.host):
        raise BoggleError(
            f"--lan serves other devices, which cannot reach --host {args.host}: drop --host, "
            "or give this machine's network address"
        )
    if args.host is None:
        args.host = "0.0.0.0" if args.lan else "127.0.0.1"
    from boggle.web.middleware import allowed_host

    try:
        args.allowed_host = [allowed_host(name) for name in args.allowed_host]
    except BoggleError as error:
        raise BoggleError(f"--allowed-host: {error}") from None
    for option, seconds in (
        ("--solve-timeout", args.solve_timeout),
        ("--head-timeout", args.head_timeout),
        ("--ws-idle-timeout", args.ws_idle_timeout),
    ):
        if not (math.isfinite(seconds) and seconds > 0):
            raise BoggleError(f"{option} must be a positive number of seconds, got {seconds:g}")
    minutes = args.room_idle_minutes
    if minutes is not None and not (math.isfinite(minutes) and 0 < minutes <= 10**6):
        raise BoggleError(
            f"--room-idle-minutes must be a positive number of minutes, got {minutes:g}"
        )
    if args.max_connections is not None and args.max_connections < 1:
        raise BoggleError(
            f"--max-connections must be at least 1, got {shown_number(args.max_connections)}"
        )
    if not (math.isfinite(args.keep_days) and args.keep_days >= 0):
        raise BoggleError(f"--keep-days must be 0 or a positive number, got {args.keep_days:g}")
    for option, count in (
        ("--rooms-per-address", args.rooms_per_address),
        ("--challenges-per-address", args.challenges_per_address),
    ):
        if count is not None and count < 0:
            raise BoggleError(f"{option} must be 0 (no limit) or more, got {shown_number(count)}")
    if not (math.isfinite(args.room_words_per_second) and args.room_words_per_second > 0):
        raise BoggleError(
            f"--room-words-per-second must be a positive number, got {args.room_words_per_second:g}"
        )
    for option, count in (
        ("--max-side", args.max_side),
        ("--max-body", args.max_body),
        ("--max-rooms", 1 if args.max_rooms is None else args.max_rooms),
        ("--max-players", 1 if args.max_players is None else args.max_players),
    ):
        if count < 1:  # one option named: "--max-side and --max-body" left the wrong one to guess
            raise BoggleError(f"{option} must be at least 1, got {shown_number(count)}")
    if args.max_sockets_per_address < 0:
        raise BoggleError(
            "--max-sockets-per-address must be 0 (no cap) or more, "
            f"got {shown_number(args.max_sockets_per_address)}"
        )
    if args.data is not None and not args.data.strip():
        raise BoggleError("--data needs a directory; to keep results here, say --data .")
    if args.rooms_file is not None and not args.rooms_file.strip():
        raise BoggleError("--rooms-file needs a file name, such as rooms.json")
    if args.forwarded_allow_ips is not None:
        proxies = trusted_proxies(args.forwarded_allow_ips)
    elif (from_environment := os.environ.get("FORWARDED_ALLOW_IPS")) is not None:
        proxies = trusted_proxies(from_environment, "$FORWARDED_ALLOW_IPS")
    else:
        proxies = trusted_proxies(LOOPBACK_PROXIES)

    from boggle.rooms import RoomsConfig
    from boggle.rooms.storage import ResultStore, default_data_dir
    from boggle.web.app import Limits, WebConfig, create_app
    from boggle.web.server import (
        BoundedServer,
        ServerLimits,
        default_max_connections,
        server_config,
    )

    offered = parse_dict_files(args.dict_file)
    data = Path(args.data) if args.data is not None else default_data_dir()
    keep_days = args.keep_days or None
    # a directory or file that cannot be used fails here (one read-only is said once, by the
    # server's own store)
    store = ResultStore(data, keep_days, quiet=True)
    store.close()
    rooms_file = None
    if args.rooms_file is not None:  # after the data directory is made: rooms.json in it
        from boggle.rooms.state import check_rooms_file

        rooms_file = Path(args.rooms_file).absolute()  # the server may change directory
        try:
            check_rooms_file(rooms_file)
        except BoggleError as error:
            raise BoggleError(f"--rooms-file: {error}") from None
    from boggle.wordlists.catalogue import Catalogue

    default_list = DEFAULT_WORDLIST if args.default_dict is None else args.default_dict
    offered_lists = Catalogue(offered, default_list).names()  # no list read
    warm_lists = lists_to_warm(args.warm, offered_lists)
    config = WebConfig(
        warm_lists=warm_lists,
        limits=Limits(
            max_side=args.max_side,
            max_cells=args.max_side * args.max_side,
            max_body_bytes=args.max_body,
            solve_seconds=args.solve_timeout,
            round_processes=args.round_processes,
            offline_boards=args.offline_boards,
        ),
        extra_dictionaries=offered,
        default_dictionary=default_list,
        leave_out_offensive=args.no_offensive,
        allowed_hosts=allowed_hosts(args.host, args.allowed_host),
        rooms=RoomsConfig(
            data_dir=data,
            limits=room_limits(args),
            keep_days=keep_days,
            challenges=challenge_limits(args),
            rooms_file=rooms_file,
        ),
    )
    network_urls: list[str] = []
    if args.lan:
        config, args.host, network_urls = _on_the_network(config, args)
    app = create_app(config)  # a default list not offered is refused here
    _check_port_free(args.host, args.port)
    if args.lan:  # said once nothing can be refused: an error is the only line on stderr
        _tell_the_network(network_urls)
    if every_address(args.host) and not args.lan:
        from boggle.web.lan import lan_addresses, lan_urls

        network_urls = lan_urls(lan_addresses(), [], args.port)
    sys.stderr.write(serving_line(args.host, args.port, network_urls) + "\n")
    server_limits = ServerLimits(
        head_seconds=args.head_timeout,
        max_connections=args.max_connections or default_max_connections(),
    )
    server = BoundedServer(
        server_config(
            app,
            args.host,
            args.port,
            server_limits,
            access_log=args.access_log,
            proxies=proxies,
        ),
        say=lambda line: sys.stderr.write(line + "\n"),
    )
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    return 0


def _on_the_network(
    config: WebConfig, args: argparse.Namespace
) -> tuple[WebConfig, str, list[str]]:
    """``--lan``: the app set up to answer on this machine's network addresses, the address
    to listen on (all, unless ``--host`` names one) and the addresses other devices open
    (said by :func:`_tell_the_network` once the server can start)."""
    import dataclasses

    from boggle.web.lan import host_names, lan_addresses, lan_allowed_hosts, lan_urls

    host = args.host
    addresses = lan_addresses() if every_address(host) else [host]
    names = host_names(addresses)
    urls = lan_urls(addresses, names, args.port)
    allowed = lan_allowed_hosts(addresses, names, args.allowed_host)
    shared = dataclasses.replace(config, allowed_hosts=allowed, share_urls=tuple(urls))
    return shared, host, urls


def _tell_the_network(urls: list[str]) -> None:
    """The addresses other devices on the network open, on stderr, with a QR code of the first."""
    from boggle.web.lan import qr_terminal

    if urls:
        sys.stderr.write("boggle: other devices on this network open:\n")
        sys.stderr.writelines(f"  {url}\n" for url in urls)
        sys.stderr.write(qr_terminal(urls[0]))
    else:
        sys.stderr.write("boggle: this machine has no network address besides loopback\n")


def _check_port_free(host: str, port: int) -> None:
    """A one-line error now, instead of uvicorn's log and exit, when the port is taken."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):  # UnicodeError: a name IDNA cannot write ('\xff')
        raise BoggleError(f"cannot resolve --host {quoted(host)}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            raise BoggleError(f"cannot listen on {host}:{port}: {error.strerror}") from None
