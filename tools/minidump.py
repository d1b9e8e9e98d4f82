"""What a Chromium crash dump says about the crash, read from the minidump that crashpad writes:
the signal and the crash keys (the process type, V8's out-of-memory keys, the browser's version...).

    python tools/minidump.py artifacts/browser/crashes/pending/*.dmp

Only what crashpad writes in its own stream, the exception stream, the module list and the
crashed thread's stack range are read: where the fault was (``fault-address``), the instruction's
address and the module it lies in (``pc``), and where the crashed thread's stack was
(``stack``). A stack trace needs Chromium's symbols and a tool such as minidump_stackwalk.
"""

from __future__ import annotations

import signal
import struct
import sys
from pathlib import Path

_THREAD_LIST_STREAM = 3
_MODULE_LIST_STREAM = 4
_EXCEPTION_STREAM = 6
_AMD64_RIP = 0xF8  # the instruction pointer's offset in an x86-64 thread context
_CRASHPAD_INFO_STREAM = 0x43500001
_ANNOTATION_STRING = 1  # crashpad::Annotation::Type::kString


def _string(data: bytes, rva: int) -> str:
    (length,) = struct.unpack_from("<I", data, rva)
    return data[rva + 4: rva + 4 + length].decode("utf-8", "replace")


def _simple(data: bytes, size: int, rva: int, found: dict[str, str]) -> None:
    if not size:
        return
    (count,) = struct.unpack_from("<I", data, rva)
    for index in range(count):
        key, value = struct.unpack_from("<II", data, rva + 4 + 8 * index)
        found[_string(data, key)] = _string(data, value)


def _objects(data: bytes, size: int, rva: int, found: dict[str, str]) -> None:
    if not size:
        return
    (count,) = struct.unpack_from("<I", data, rva)
    for index in range(count):
        name, kind, _, value = struct.unpack_from("<IHHI", data, rva + 4 + 12 * index)
        if kind == _ANNOTATION_STRING:
            (length,) = struct.unpack_from("<I", data, value)
            found[_string(data, name)] = data[value + 4: value + 4 + length].decode("utf-8", "replace")


def _modules(data: bytes, rva: int) -> list[tuple[int, int, str]]:
    """(base address, size, file name) of each module loaded in the process."""
    (count,) = struct.unpack_from("<I", data, rva)
    found = []
    for index in range(count):
        base, size, _, _, name = struct.unpack_from("<QIIII", data, rva + 4 + 108 * index)
        (length,) = struct.unpack_from("<I", data, name)
        found.append((base, size, data[name + 4: name + 4 + length].decode("utf-16-le", "replace")))
    return found


def _fault(data: bytes, streams: dict[int, int], rva: int, found: dict[str, str]) -> None:
    """The fault's address, the instruction's (and its module), and the crashed thread's stack."""
    thread, _, _, _, _, address = struct.unpack_from("<IIIIQQ", data, rva)
    found["fault-address"] = hex(address)
    _, context = struct.unpack_from("<II", data, rva + 160)
    if context + _AMD64_RIP + 8 <= len(data):
        (pc,) = struct.unpack_from("<Q", data, context + _AMD64_RIP)
        modules = _modules(data, streams[_MODULE_LIST_STREAM]) if _MODULE_LIST_STREAM in streams else []
        place = next((f"{name}+{pc - base:#x}" for base, size, name in modules if base <= pc < base + size),
                     "in no module (generated code)")
        found["pc"] = f"{pc:#x} {place}"
    if _THREAD_LIST_STREAM in streams:
        (count,) = struct.unpack_from("<I", data, streams[_THREAD_LIST_STREAM])
        for index in range(count):
            entry = struct.unpack_from("<IIIIQQI", data, streams[_THREAD_LIST_STREAM] + 4 + 48 * index)
            if entry[0] == thread:
                start, size = entry[5], entry[6]
                end = start + size
                edge = " (the fault is at its top)" if address == end else ""
                found["stack"] = f"{start:#x}..{end:#x}, {size} bytes from the stack pointer to its top{edge}"


def read(path: Path) -> dict[str, str]:
    """The crash keys of the dump at ``path``, and ``signal`` (the signal's name) when it has one."""
    data = path.read_bytes()
    signature, _, streams, directory = struct.unpack_from("<4sIII", data, 0)
    if signature != b"MDMP":
        raise ValueError(f"{path}: not a minidump")
    found: dict[str, str] = {}
    entries = [struct.unpack_from("<III", data, directory + 12 * index) for index in range(streams)]
    places = {kind: rva for kind, _, rva in entries}
    for kind, _, rva in entries:
        if kind == _EXCEPTION_STREAM:
            code = struct.unpack_from("<I", data, rva + 8)[0]
            try:
                found["signal"] = signal.Signals(code).name
            except ValueError:
                found["signal"] = str(code)
            _fault(data, places, rva, found)
        elif kind == _CRASHPAD_INFO_STREAM:
            simple_size, simple_rva, modules_size, modules_rva = struct.unpack_from("<IIII", data, rva + 36)
            _simple(data, simple_size, simple_rva, found)
            if not modules_size:
                continue
            (count,) = struct.unpack_from("<I", data, modules_rva)
            for module in range(count):
                _, _, location = struct.unpack_from("<III", data, modules_rva + 4 + 12 * module)
                (_, _, _, ann_size, ann_rva, obj_size, obj_rva) = struct.unpack_from("<IIIIIII", data, location)
                _simple(data, ann_size, ann_rva, found)
                _objects(data, obj_size, obj_rva, found)
    return found


# The keys worth a line in a test's output (the others are in the dump).
KEYS = ("signal", "fault-address", "pc", "stack", "ptype", "ver", "loaded-origin-0", "oom-size", "v8-oom-location",
        "v8-oom-stack",
        "v8-oom-is-main-isolate", "v8-oom-last-os-error", "v8-oom-main-cage-free-size",
        "v8-oom-main-cage-largest-free-region")


def summary(path: Path) -> str:
    """One line: the dump's file name and its most telling keys."""
    try:
        keys = read(path)
    except (OSError, ValueError, struct.error) as error:
        return f"{path.name}: unreadable ({error})"
    return f"{path.name}: " + ", ".join(f"{key}={_one_line(keys[key])}" for key in KEYS if key in keys)


def _one_line(value: str) -> str:
    return " | ".join(line.strip() for line in value.splitlines() if line.strip())


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(summary(Path(name)))
        for key, value in sorted(read(Path(name)).items()):
            if not key.startswith("switch-"):
                print(f"    {key} = {value[:200]}")
