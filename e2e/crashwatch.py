"""Evidence for a renderer that crashes during a test ("Target crashed"): what the page's memory
was, where the browser's log and crash dumps are.

While a test runs, every page of its browser contexts reports its memory each second (an init
script calls a binding: V8's ``performance.memory`` and the size of every WebAssembly memory, which
is Pyodide's heap), and a thread reads the resident size of the browser's renderer processes from
``/proc``. When a test fails with a crash, the note (``note``) names the test, the last samples and
the largest ones, the browser's log (``artifacts/browser/chromium-stderr.log``, from the offset
where the test began) and the crash dumps written since, with their crash keys
(``tools/minidump.py``). The largest figures of every test, whatever its outcome, go to
``artifacts/browser/memory.tsv``."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from chromium import WASM_MEMORIES
from minidump import summary
from playwright.sync_api import BrowserContext

# Reports the page's memory each second; WebAssembly memories are found as they are instantiated.
SAMPLER = WASM_MEMORIES + """
(() => {
  const memories = window.__wasmMemories;
  // The browser's own, even where a test's clock (Playwright's) replaces them later.
  const every = setInterval, perf = performance;
  every(() => {
    if (!window.pasurMemorySample) return;
    const heap = perf.memory || {};
    let wasm = 0;
    for (const memory of memories) wasm += memory.buffer.byteLength;
    window.pasurMemorySample({ js: heap.usedJSHeapSize || 0, jsTotal: heap.totalJSHeapSize || 0, wasm,
                               wasmMemories: memories.size, nodes: document.getElementsByTagName('*').length });
  }, 1000);
})();"""
MB = 1 << 20


class Watch:
    """What is known of the memory during the test under way."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.log = folder / "chromium-stderr.log"
        self.dumps = folder / "crashes"
        self.lock = threading.Lock()
        self.begin("")
        threading.Thread(target=self._read_renderers, daemon=True).start()

    def begin(self, test: str) -> None:
        with self.lock:
            self.test = test
            self.started = time.time()
            self.log_offset = self.log.stat().st_size if self.log.exists() else 0
            self.pages: dict[str, dict[str, Any]] = {}  # frame address -> its last sample
            self.peak: dict[str, int] = {}
            self.renderers: dict[int, int] = {}  # pid -> resident bytes, last read
            self.peak_renderer = 0

    def sample(self, source: Any, data: dict[str, Any]) -> None:
        frame = getattr(source.get("frame"), "url", "?") if isinstance(source, dict) else "?"
        with self.lock:
            self.pages[frame] = {**data, "at": round(time.time() - self.started, 1)}
            for key in ("js", "wasm", "wasmMemories", "nodes"):
                self.peak[key] = max(self.peak.get(key, 0), int(data.get(key) or 0))

    def watch(self, context: BrowserContext) -> None:
        """Have every page of ``context`` report its memory."""
        context.expose_binding("pasurMemorySample", self.sample)
        context.add_init_script(SAMPLER)

    def _read_renderers(self) -> None:
        """The resident size of each renderer of this browser, every second. A renderer's
        environment is Chromium's own: it is known by its ancestry (the browser, then the zygote),
        the browser by PASUR_BROWSER_LOG in its environment."""
        mark = f"PASUR_BROWSER_LOG={self.log}".encode()
        while True:
            parents: dict[int, int] = {}
            renderers: dict[int, int] = {}
            browsers: set[int] = set()
            for entry in os.scandir("/proc"):
                if not entry.name.isdigit():
                    continue
                pid = int(entry.name)
                try:
                    status = Path(entry.path, "status").read_text()
                    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
                    parents[pid] = int(fields["PPid"])
                    if "chromium" not in fields.get("Name", ""):
                        continue
                    command = Path(entry.path, "cmdline").read_bytes()
                    if b"--type=renderer" in command:
                        renderers[pid] = int(fields.get("VmRSS", "0 kB").split()[0]) * 1024
                    elif b"--type=" not in command and mark in Path(entry.path, "environ").read_bytes():
                        browsers.add(pid)
                except (OSError, KeyError, ValueError):
                    continue
            ours = {}
            for pid, size in renderers.items():
                up = pid
                for _ in range(4):
                    up = parents.get(up, 0)
                    if up in browsers:
                        ours[pid] = size
                        break
            with self.lock:
                self.renderers = ours
                self.peak_renderer = max([self.peak_renderer, *ours.values()])
            time.sleep(1)

    def record(self) -> None:
        """A line per test in memory.tsv: the largest memory seen (MB), whatever the outcome."""
        table = self.folder / "memory.tsv"
        with self.lock:
            if not self.test:
                return
            line = "\t".join([self.test, f"{time.time() - self.started:.0f}",
                              *(f"{self.peak.get(key, 0) / MB:.0f}" for key in ("js", "wasm")),
                              str(self.peak.get("wasmMemories", 0)), f"{self.peak_renderer / MB:.0f}"])
        new = not table.exists()
        with table.open("a", encoding="utf-8") as out:
            if new:
                out.write("test\tseconds\tJS heap MB\tWebAssembly MB\tWebAssembly memories\trenderer MB\n")
            out.write(line + "\n")

    def note(self) -> str:
        """What the next person needs to look into a crash of this test."""
        with self.lock:
            lines = [f"renderer crash in {self.test}, {time.time() - self.started:.0f} s after it began"]
            for frame, data in self.pages.items():
                lines.append(f"last memory sample of {frame} ({data['at']} s): JS heap {data['js'] / MB:.0f} MB used"
                             f" of {data['jsTotal'] / MB:.0f} MB, WebAssembly {data['wasm'] / MB:.0f} MB in"
                             f" {data['wasmMemories']} memories, {data['nodes']} elements")
            if self.peak:
                lines.append(f"largest during the test: JS heap {self.peak.get('js', 0) / MB:.0f} MB, WebAssembly "
                             f"{self.peak.get('wasm', 0) / MB:.0f} MB, {self.peak.get('nodes', 0)} elements")
            lines.append(f"renderer processes, resident: last read {sorted(v // MB for v in self.renderers.values())}"
                         f" MB, largest {self.peak_renderer / MB:.0f} MB")
            lines.append(f"browser log: {self.log} from byte {self.log_offset}")
            dumps, writing = dumps_since(self.dumps, self.started - 1)
            lines.append(f"crash dumps since: {len(dumps)} in {self.dumps}"
                         + (f" ({writing} still being written)" if writing else ""))
            lines += ["  " + summary(path) for path in dumps]
        kernel = kernel_says()
        if kernel is None:
            lines.append("the kernel's messages (dmesg) could not be read")
        else:
            lines.append(f"the kernel on killed or faulting processes: {len(kernel)} lines" + ("" if kernel else
                         " (none: the renderer was not killed by the kernel's out-of-memory killer)"))
            lines += ["  " + line for line in kernel[-5:]]
        return "\n".join(lines)


def dumps_since(folder: Path, since: float) -> tuple[list[Path], int]:
    """The whole crash dumps in ``folder`` written since ``since``, and how many are still being
    written (crashpad writes a dump in ``new/`` and then moves it to ``pending/``: a file listed
    there may be gone the moment after)."""
    whole, writing = [], 0
    for path in folder.rglob("*.dmp"):
        try:
            recent = path.stat().st_mtime >= since
        except FileNotFoundError:  # moved meanwhile: found again under its new name, or not
            continue
        if recent and path.parent.name == "new":
            writing += 1
        elif recent:
            whole.append(path)
    return sorted(whole), writing


def kernel_says() -> list[str] | None:
    """The kernel's messages on processes it killed for memory or that faulted (a renderer killed
    that way leaves no crash dump); None when they cannot be read."""
    try:
        done = subprocess.run(["dmesg"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode:
        return None
    log = done.stdout
    words = ("Out of memory", "oom-kill", "oom_reaper", "segfault", "general protection")
    return [line for line in log.splitlines() if any(word in line for word in words)]
