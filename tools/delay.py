"""A link that holds every frame one side sends some milliseconds, for the small internet's routers
(tools/internet.py) where the kernel has no ``netem`` (``tc qdisc ... netem`` answers "Specified
qdisc kind is unknown", as on the machine these figures were taken on): two TAP devices, one in each
network namespace, joined by a thread of this process that copies the frames across, holding those
from the inner side ``milliseconds`` and passing the others at once. Ended with ``stop`` (the
devices go with their file descriptors)."""

from __future__ import annotations

import ctypes
import fcntl
import heapq
import os
import select
import struct
import threading
import time

TUNSETIFF = 0x400454CA
IFF_TAP, IFF_NO_PI = 0x0002, 0x1000
CLONE_NEWNET = 0x40000000


def tap(name: str, namespace: str | None = None) -> int:
    """A TAP device ``name`` made in the network namespace ``namespace`` (its ``ip netns`` name; None:
    this thread's): its file descriptor, which reads and writes whole Ethernet frames."""
    libc = ctypes.CDLL(None, use_errno=True)
    here = os.open("/proc/thread-self/ns/net", os.O_RDONLY)
    try:
        if namespace is not None:
            target = os.open(f"/run/netns/{namespace}", os.O_RDONLY)
            try:
                if libc.setns(target, CLONE_NEWNET):
                    raise OSError(ctypes.get_errno(), f"setns into {namespace}")
            finally:
                os.close(target)
        device = os.open("/dev/net/tun", os.O_RDWR)
        fcntl.ioctl(device, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TAP | IFF_NO_PI))
        return device
    finally:
        if namespace is not None and libc.setns(here, CLONE_NEWNET):
            raise OSError(ctypes.get_errno(), "setns back")
        os.close(here)


class DelayLine:
    """Frames read from ``inner`` are written to ``outer`` ``milliseconds`` later; from ``outer``, to
    ``inner`` at once."""

    def __init__(self, inner: int, outer: int, milliseconds: int) -> None:
        self.inner, self.outer, self.hold = inner, outer, milliseconds / 1000
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        waiting: list[tuple[float, int, bytes]] = []  # (when it goes, order, frame)
        count = 0
        while not self.stopped.is_set():
            wait = max(0.0, waiting[0][0] - time.monotonic()) if waiting else 0.2
            ready, _, _ = select.select([self.inner, self.outer], [], [], wait)
            for device in ready:
                frame = os.read(device, 65536)
                if device == self.inner:
                    count += 1
                    heapq.heappush(waiting, (time.monotonic() + self.hold, count, frame))
                else:
                    os.write(self.inner, frame)
            while waiting and waiting[0][0] <= time.monotonic():
                os.write(self.outer, heapq.heappop(waiting)[2])

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=5)
        for device in (self.inner, self.outer):
            os.close(device)
