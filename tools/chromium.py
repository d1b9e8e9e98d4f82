"""Debian's Chromium for Playwright: the executable and the flags that keep it quiet and offline,
and the launch options that make a crash leave evidence (``evidence``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
# The same Chromium, its standard error appended to a file (Playwright keeps none of it).
LOGGED_CHROMIUM = str(Path(__file__).resolve().with_name("chromium-logged"))


def evidence_folder() -> Path:
    """Where a test run keeps its browsers' evidence: ``artifacts/browser``, or the friends' games'
    own (``PASUR_EVIDENCE=browser-online``: they run beside the other tests)."""
    return Path(__file__).resolve().parent.parent / "artifacts" / os.environ.get("PASUR_EVIDENCE", "browser")


def evidence(folder: Path) -> dict[str, Any]:
    """Launch options for Playwright that keep what the browser says and its crash dumps in ``folder``:

    - ``chromium-stderr.log``: the browser's standard error, with Chromium's log
      (``--enable-logging=stderr``): a crash's "Received signal", V8's "Fatal JavaScript out of memory";
    - ``performance.memory`` in exact bytes (``--enable-precise-memory-info``), not rounded;
    - ``crashes/pending/*.dmp``: crashpad's minidumps, one per crashed process (``tools/minidump.py``
      reads their crash keys). Debian's Chromium 156 runs crashpad always and writes its dumps to
      ``~/.config/chromium/Crash Reports``, whatever the profile; ``--crash-dumps-dir`` and
      ``--enable-crash-reporter`` change nothing there, the environment variable
      ``BREAKPAD_DUMP_LOCATION`` moves them.
    """
    (folder / "crashes").mkdir(parents=True, exist_ok=True)
    return {
        "executable_path": LOGGED_CHROMIUM,
        "args": [*CHROMIUM_ARGS, "--enable-logging=stderr", "--enable-precise-memory-info"],
        "env": {**os.environ, "BREAKPAD_DUMP_LOCATION": str(folder / "crashes"),
                "PASUR_BROWSER_LOG": str(folder / "chromium-stderr.log")},
    }


# An init script that keeps every WebAssembly memory the page instantiates in ``window.__wasmMemories``
# (Pyodide's heap is one; the page keeps no handle on Pyodide that a script could reach); once only.
WASM_MEMORIES = """(() => {
  if (window.__wasmMemories) return;  // added once already
  const memories = window.__wasmMemories = new Set();
  const keep = (exports) => {
    for (const value of Object.values(exports || {})) if (value instanceof WebAssembly.Memory) memories.add(value);
  };
  const instantiate = WebAssembly.instantiate, streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiate = async function (...args) {
    const result = await instantiate.apply(this, args);
    keep((result.instance || result).exports);
    return result;
  };
  if (streaming) {
    WebAssembly.instantiateStreaming = async function (...args) {
      const result = await streaming.apply(this, args);
      keep(result.instance.exports);
      return result;
    };
  }
})();"""
