"""What one signalling server holds: many idle pages connected to one PeerJS server (the ``peer`` npm
package, as ./dev serve runs it), the server's memory and how long each page waits for the server's
OPEN. For each count, a fresh server on 127.0.0.1 and tools/load_signalling.cjs connecting that many
pages, 50 at a time, each sending PeerJS's heartbeat every 5 s; the server's resident memory
(VmRSS) is read before, once all are connected, and after one heartbeat round. Bounded: at most
5000 pages a round (the server's own limit by default), 120 s a round. Run it in a network
namespace of its own (``./dev bench-signalling`` does); it asserts nothing.

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


def one_round(count: int) -> dict[str, Any]:
    server = signalling.start(PORT, PATH)
    try:
        before = resident_kib(server.pid)
        load = subprocess.Popen(["node", str(ROOT / "tools" / "load_signalling.cjs"), str(PORT), PATH, str(count)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert load.stdout is not None and load.stdin is not None
        report = json.loads(load.stdout.readline() or "{}")
        held = resident_kib(server.pid)
        time.sleep(6)  # one heartbeat round from every page
        after_beat = resident_kib(server.pid)
        load.stdin.close()
        load.wait(timeout=60)
    finally:
        signalling.stop(server)
    opened = sorted(report.get("open_ms", []))
    connected = int(report.get("connected", 0))
    return {"peers": count, "connected": connected, "failed": report.get("failed"),
            "seconds_to_connect_all": report.get("seconds"),
            "open_ms": {"median": statistics.median(opened), "p95": opened[int(0.95 * (len(opened) - 1))],
                        "max": opened[-1]} if opened else None,
            "rss_mib": {"idle": round(before / 1024, 1), "connected": round(held / 1024, 1),
                        "after_heartbeats": round(after_beat / 1024, 1)},
            "kib_per_peer": round((max(held, after_beat) - before) / max(1, connected), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--peers", default="500,1000,2000,4000", help="the counts, comma-separated (each <= 5000)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results")
    args = parser.parse_args()
    counts = [int(count) for count in args.peers.split(",") if count.strip()]
    if not counts or any(not 0 < count <= 5000 for count in counts):
        parser.error("--peers takes counts from 1 to 5000")
    rounds = []
    for count in counts:
        shown = one_round(count)
        rounds.append(shown)
        opened = shown["open_ms"] or {}
        print(f"{shown['connected']}/{count} pages in {shown['seconds_to_connect_all']} s "
              f"(OPEN after median {opened.get('median')} ms, p95 {opened.get('p95')} ms); server memory "
              f"{shown['rss_mib']['idle']} MiB idle, {shown['rss_mib']['after_heartbeats']} MiB holding them: "
              f"{shown['kib_per_peer']} KiB per page", flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "signalling.json").write_text(json.dumps(rounds, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
