"""A small internet in network namespaces, for the tests and timings of friends playing across it.

The namespace this runs in is the "public" internet: a bridge ``wan0`` at 203.0.113.1/24 (a range
kept for documentation, so never anyone's real address) where the site, the signalling servers
and coturn listen. Each home (``pasur-home-a``, ``pasur-home-b``) is a private network
(10.0.1.0/24, 10.0.2.0/24) behind a router namespace (``pasur-nat-a``, ``pasur-nat-b``) whose
WAN side is 203.0.113.11 or .12 on the bridge and which masquerades the home's traffic with
nftables:

- ``"cone"``: ``masquerade``, which keeps a port per source (endpoint-independent mapping): STUN
  finds the address a friend can reach;
- ``"symmetric"``: ``masquerade random,fully-random``, a new port for every destination: the port
  STUN saw is not the port a friend's packets would need, so only a relay (TURN) connects.

A browser started through ``ip netns exec pasur-home-a`` (tools/chromium-netns) sees only its home.
Everything lives inside the namespace the run made for itself (``unshare -nm``, as ./dev does):
this refuses to start in the machine's own network or mount namespace.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import delay

PUBLIC = "203.0.113.1"
HOMES = ("a", "b")
WAN = {"a": "203.0.113.11", "b": "203.0.113.12"}
LAN = {"a": "10.0.1", "b": "10.0.2"}
NAT_RULES = {"cone": "masquerade", "symmetric": "masquerade random,fully-random"}


def home(name: str) -> str:
    return f"pasur-home-{name}"


def router(name: str) -> str:
    return f"pasur-nat-{name}"


def run(*command: str, namespace: str | None = None) -> str:
    """A command, in ``namespace`` when given; its output. A failure names the command and what it said."""
    full = ["ip", "netns", "exec", namespace, *command] if namespace else list(command)
    done = subprocess.run(full, capture_output=True, text=True, check=False, timeout=30)
    if done.returncode:
        raise RuntimeError(f"{' '.join(full)} failed: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


def check_isolated() -> None:
    """Only inside a network and mount namespace of the run's own (never the machine's)."""
    for kind in ("net", "mnt"):
        with contextlib.suppress(OSError):
            if os.readlink(f"/proc/self/ns/{kind}") == os.readlink(f"/proc/1/ns/{kind}"):
                raise RuntimeError(f"tools/internet.py runs only in a {kind} namespace of its own: "
                                   "start it under `unshare -nm tools/netns.sh ...` (./dev does)")


def _no_ipv6(namespace: str | None) -> None:
    # No IPv6: its addresses come a second after the links (duplicate address detection), and
    # Chromium drops requests under way when an address comes (tools/netns.sh says more).
    for setting in ("all", "default"):
        run("sysctl", "-qw", f"net.ipv6.conf.{setting}.disable_ipv6=1", namespace=namespace)


@dataclass
class Internet:
    """The namespaces made (taken down by ``close``), and each router's NAT and delay."""

    made: list[str]
    lines: list[delay.DelayLine] = field(default_factory=list)

    def nat(self, name: str, kind: str) -> None:
        """Home ``name``'s router masquerades as ``kind`` ("cone" or "symmetric"): the flows it starts from now on."""
        if kind not in NAT_RULES:
            raise ValueError(f"a NAT is 'cone' or 'symmetric', not {kind!r}")
        ns = router(name)
        run("nft", "flush", "chain", "ip", "nat", "post", namespace=ns)
        run("nft", f"add rule ip nat post oifname \"wan\" {NAT_RULES[kind]}", namespace=ns)

    def delay(self, milliseconds: int) -> None:
        """Each router holds what it sends out to the internet ``milliseconds``: a packet from one home
        to the other crosses one router's WAN side each way. With ``tc netem``, or where the kernel has
        none, a delay line of this process in place of the router's WAN link (tools/delay.py)."""
        for name in HOMES:
            try:
                run("tc", "qdisc", "replace", "dev", "wan", "root", "netem", "delay", f"{milliseconds}ms",
                    namespace=router(name))
            except RuntimeError as why:
                if "unknown" not in str(why):
                    raise
                self._delay_line(name, milliseconds)

    def _delay_line(self, name: str, milliseconds: int) -> None:
        nat = router(name)
        run("ip", "link", "delete", f"up-{name}")  # the veth pair: the router's WAN side goes with it
        inner, outer = delay.tap("wan", nat), delay.tap(f"up-{name}")
        self.lines.append(delay.DelayLine(inner, outer, milliseconds))
        run("ip", "link", "set", f"up-{name}", "master", "wan0", "up")
        run("ip", "addr", "add", f"{WAN[name]}/24", "dev", "wan", namespace=nat)
        run("ip", "link", "set", "wan", "up", namespace=nat)

    def close(self) -> None:
        for line in self.lines:
            line.stop()
        self.lines.clear()
        for namespace in reversed(self.made):
            with contextlib.suppress(RuntimeError):
                run("ip", "netns", "delete", namespace)
        with contextlib.suppress(RuntimeError):
            run("ip", "link", "delete", "wan0")
        self.made.clear()


def _mount_netns_folder() -> None:
    """``ip netns`` keeps its namespaces under /run/netns: a folder of this mount namespace's own."""
    os.makedirs("/run/netns", exist_ok=True)
    if " /run/netns tmpfs " not in Path("/proc/self/mounts").read_text(encoding="utf-8"):
        run("mount", "-t", "tmpfs", "pasur-netns", "/run/netns")


def build(nat_a: str = "cone", nat_b: str = "cone") -> Internet:
    """The public side here, and two homes behind their routers."""
    check_isolated()
    _mount_netns_folder()
    _no_ipv6(None)
    run("ip", "link", "set", "lo", "up")
    run("ip", "link", "add", "wan0", "type", "bridge")
    run("ip", "addr", "add", f"{PUBLIC}/24", "dev", "wan0")
    run("ip", "link", "set", "wan0", "up")
    internet = Internet([])
    try:
        for name in HOMES:
            _home(internet, name)
        internet.nat("a", nat_a)
        internet.nat("b", nat_b)
    except BaseException:
        internet.close()
        raise
    return internet


def _home(internet: Internet, name: str) -> None:
    nat, inside, lan = router(name), home(name), LAN[name]
    for namespace in (nat, inside):
        if Path("/run/netns", namespace).exists():  # left by a run that was stopped before its clean-up
            with contextlib.suppress(RuntimeError):
                run("ip", "netns", "delete", namespace)
        run("ip", "netns", "add", namespace)
        internet.made.append(namespace)
        _no_ipv6(namespace)
        run("ip", "link", "set", "lo", "up", namespace=namespace)
    # The router's WAN side on the public bridge.
    run("ip", "link", "add", f"up-{name}", "type", "veth", "peer", "name", "wan", "netns", nat)
    run("ip", "link", "set", f"up-{name}", "master", "wan0", "up")
    run("ip", "addr", "add", f"{WAN[name]}/24", "dev", "wan", namespace=nat)
    run("ip", "link", "set", "wan", "up", namespace=nat)
    # The home's network behind it.
    run("ip", "link", "add", "lan", "netns", nat, "type", "veth", "peer", "name", "eth0", "netns", inside)
    run("ip", "addr", "add", f"{lan}.1/24", "dev", "lan", namespace=nat)
    run("ip", "link", "set", "lan", "up", namespace=nat)
    run("ip", "addr", "add", f"{lan}.2/24", "dev", "eth0", namespace=inside)
    run("ip", "link", "set", "eth0", "up", namespace=inside)
    run("ip", "route", "add", "default", "via", f"{lan}.1", namespace=inside)
    run("sysctl", "-qw", "net.ipv4.ip_forward=1", namespace=nat)
    run("nft", "add table ip nat", namespace=nat)
    run("nft", "add chain ip nat post { type nat hook postrouting priority 100 ; }", namespace=nat)
    # A home router's firewall: what comes in from the internet unasked is dropped. Dropped before
    # the connection tracker keeps it, it leaves no entry that would make the NAT give the home's
    # next packet to that address another port (a friend's check arriving before the home's own).
    run("nft", "add table ip filter", namespace=nat)
    for hook in ("input", "forward"):
        run("nft", f"add chain ip filter {hook} {{ type filter hook {hook} priority 0 ; }}", namespace=nat)
        run("nft", f"add rule ip filter {hook} iifname \"wan\" ct state new drop", namespace=nat)


@contextlib.contextmanager
def internet(nat_a: str = "cone", nat_b: str = "cone") -> Iterator[Internet]:
    made = build(nat_a, nat_b)
    try:
        yield made
    finally:
        made.close()
