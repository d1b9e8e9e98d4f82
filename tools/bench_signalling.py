"""What one signalling server holds: many idle pages connected to one PeerJS server (tools/signalling.cjs
with its limits per address, as ./dev serve runs it), the server's memory and how long each page
waits for the server's OPEN. For each count, a fresh server on 127.0.0.1 and tools/load_signalling.cjs
connecting that many pages, 8 from each address (127.1.0.1, 127.1.0.2, ...: homes), 50 at a time,
each sending PeerJS's heartbeat every 5 s; the server's resident memory (VmRSS) is read before, once
all are connected, and after one heartbeat round. Then one abusive address beside 1000 such pages:
5,100 ids opened as fast as it can, 600 offers at once to a page of its own and 100 to unknown ids,
and what it got and the honest pages got. Bounded: at most 6000 pages a round, 120 s a round. Run
it in a network namespace of its own (``./dev bench-signalling`` does); it asserts nothing.

    unshare -n tools/netns.sh python tools/bench_signalling.py [--peers 500,1000,2000,4000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

import signalling

ROOT = Path(__file__).resolve().parent.parent
PORT, PATH = 9500, "/pasur"


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text(encoding="utf-8").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def pages(count: int, *options: str) -> subprocess.Popen[str]:
    command = ["node", str(ROOT / "tools" / "load_signalling.cjs"), str(PORT), PATH, str(count), *options]
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def opened(report: dict[str, Any]) -> dict[str, Any] | None:
    times = sorted(report.get("open_ms", []))
    return {"median": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))],
            "max": times[-1]} if times else None


def abused(honest: int = 1000) -> dict[str, Any]:
    """One address (127.0.0.1) attacking: its floods of offers first (held open), then 5,100 ids while
    ``honest`` pages from other addresses connect and hold."""
    server = signalling.start(PORT, PATH)
    try:
        flood = pages(2, "--offers", "600")
        probe = pages(1, "--offers", "100", "--unknown")
        reports = {}
        for name, load in (("flood", flood), ("probe", probe)):
            assert load.stdout is not None
            reports[name] = json.loads(load.stdout.readline() or "{}")
        greedy = pages(5100)
        homes = pages(honest, "--per-address", "8")
        for name, load in (("greedy", greedy), ("homes", homes)):
            assert load.stdout is not None
            reports[name] = json.loads(load.stdout.readline() or "{}")
        late = pages(1, "--from", "127.2.0.1")  # one more page once the attack has done its worst
        assert late.stdout is not None
        reports["late"] = json.loads(late.stdout.readline() or "{}")
        for load in (greedy, homes, flood, probe, late):
            assert load.stdin is not None
            load.stdin.close()
            load.wait(timeout=60)
    finally:
        signalling.stop(server)
    return {"abuser": {"ids_held": reports["greedy"].get("connected"), "refused": reports["greedy"].get("refused"),
                       "cut": reports["greedy"].get("failed"), "offers": reports["flood"].get("offers"),
                       "unknown_ids": reports["probe"].get("offers")},
            "honest": {"pages": honest, "connected": reports["homes"].get("connected"),
                       "refused": reports["homes"].get("refused"), "open_ms": opened(reports["homes"]),
                       "late_page_connected": reports["late"].get("connected")}}


def one_round(count: int) -> dict[str, Any]:
    server = signalling.start(PORT, PATH)
    try:
        before = resident_kib(server.pid)
        load = pages(count, "--per-address", "8")
        assert load.stdout is not None and load.stdin is not None
        report = json.loads(load.stdout.readline() or "{}")
        held = resident_kib(server.pid)
        time.sleep(6)  # one heartbeat round from every page
        after_beat = resident_kib(server.pid)
        load.stdin.close()
        load.wait(timeout=60)
    finally:
        signalling.stop(server)
    connected = int(report.get("connected", 0))
    return {"peers": count, "connected": connected, "failed": report.get("failed"),
            "seconds_to_connect_all": report.get("seconds"), "open_ms": opened(report),
            "rss_mib": {"idle": round(before / 1024, 1), "connected": round(held / 1024, 1),
                        "after_heartbeats": round(after_beat / 1024, 1)},
            "kib_per_peer": round((max(held, after_beat) - before) / max(1, connected), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--peers", default="500,1000,2000,4000", help="the counts, comma-separated (each <= 6000)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results")
    args = parser.parse_args()
    counts = [int(count) for count in args.peers.split(",") if count.strip()]
    if not counts or any(not 0 < count <= 6000 for count in counts):
        parser.error("--peers takes counts from 1 to 6000")
    rounds = []
    for count in counts:
        shown = one_round(count)
        rounds.append(shown)
        opened = shown["open_ms"] or {}
        print(f"{shown['connected']}/{count} pages in {shown['seconds_to_connect_all']} s "
              f"(OPEN after median {opened.get('median')} ms, p95 {opened.get('p95')} ms); server memory "
              f"{shown['rss_mib']['idle']} MiB idle, {shown['rss_mib']['after_heartbeats']} MiB holding them: "
              f"{shown['kib_per_peer']} KiB per page", flush=True)
    attack = abused()
    print("one abusive address beside 1000 pages:", json.dumps(attack), flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "signalling.json").write_text(json.dumps({"rounds": rounds, "abused": attack}, indent=1) + "\n",
                                              encoding="utf-8")


if __name__ == "__main__":
    main()
