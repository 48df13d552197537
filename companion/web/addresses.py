"""The address phones use to reach a server listening on a host and port, and whether only this computer can."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

ANY = ("", "0.0.0.0", "::", "[::]")  # listening on every interface: the LAN address is the one to show
ROUTE_PROBE = ("192.0.2.1", 9)  # TEST-NET-1: connecting a UDP socket only picks the outgoing interface, sends nothing


def served_url(host: str, port: int) -> str:
    """http://HOST:PORT for a server listening on `host` (IPv6 in brackets); this machine's LAN address when it
    listens on every interface (0.0.0.0, ::, or "")."""
    if not isinstance(port, int) or isinstance(port, bool) or not 1 <= port <= 65535:
        raise ValueError(f"the port must be a whole number from 1 to 65535, found {port!r}")
    name = host.strip()
    if name in ANY:
        name = lan_address()
    name = name.removeprefix("[").removesuffix("]")
    return f"http://[{name}]:{port}" if ":" in name else f"http://{name}:{port}"


def lan_address() -> str:
    """This machine's address on its network: the outgoing interface's, else the hostname's, else 127.0.0.1."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)
            address = probe.getsockname()[0]
        if _reachable(address):
            return address
    except OSError:
        pass
    try:
        address = socket.gethostbyname(socket.gethostname())
        if _reachable(address):
            return address
    except OSError:
        pass
    return "127.0.0.1"


def only_this_computer(url: str | None) -> bool:
    """Whether an address (http://127.0.0.1:5000, http://[::1]:5000, http://localhost:5000) is a loopback one,
    which other phones cannot open."""
    host = urlsplit(url or "").hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _reachable(address: str) -> bool:
    """An address other machines might use: neither unspecified (0.0.0.0) nor loopback."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (parsed.is_unspecified or parsed.is_loopback)


def link_base(config: Mapping[str, Any]) -> tuple[str | None, str]:
    """The address links for phones start with, and which it is: ("https://…", "public") from PUBLIC_URL,
    ("http://…", "served") from the address `companion serve` listens on, or (None, "page") when neither is
    known (the test client, `flask run`): then links stay relative and the page completes them from its own
    location. Never from the request's Host header."""
    for setting, kind in (("PUBLIC_URL", "public"), ("SERVED_URL", "served")):
        value = config.get(setting)
        if value:
            return str(value).rstrip("/"), kind
    return None, "page"
