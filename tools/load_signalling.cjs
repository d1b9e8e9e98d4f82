// Many idle pages connected to one signalling server (the PeerJS server), as tools/bench_signalling.py
// asks: `node tools/load_signalling.cjs PORT PATH COUNT`. Each opens the WebSocket a PeerJS page opens
// (ws://127.0.0.1:PORT/PATH/peerjs?key=peerjs&id=...&token=...), 50 at a time, until the server says
// OPEN, then sends a heartbeat every 5 s as PeerJS does. Prints one JSON line once all are connected
// ({"connected", "failed", "seconds", "open_ms": [...]}), holds them until its standard input ends,
// then closes them all. Bounded: at most 5000 pages, and it gives up after 120 s.
"use strict";
const WebSocket = require("ws");

const [port, path, wanted] = [Number(process.argv[2]), process.argv[3], Math.min(Number(process.argv[4]), 5000)];
if (!(port > 0) || !path || !(wanted > 0)) {
  console.error("usage: node tools/load_signalling.cjs PORT PATH COUNT");
  process.exit(2);
}
const sockets = [], openMs = [];
let failed = 0, next = 0;
const began = Date.now();
const giveUp = setTimeout(() => { console.error("gave up after 120 s"); process.exit(2); }, 120000);

function one(index) {
  return new Promise((resolve) => {
    const start = Date.now();
    const id = "load-" + index + "-" + Math.random().toString(36).slice(2, 10);
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}/peerjs?key=peerjs&id=${id}&token=t${index}&version=1.5.5`);
    sockets.push(socket);
    socket.on("message", (data) => {
      if (JSON.parse(String(data)).type === "OPEN") { openMs.push(Date.now() - start); resolve(); }
    });
    socket.on("error", () => { failed += 1; resolve(); });
    socket.on("close", () => resolve());
  });
}

async function worker() {
  while (next < wanted) await one(next++);
}

Promise.all(Array.from({ length: 50 }, worker)).then(() => {
  clearTimeout(giveUp);
  const beat = setInterval(() => {
    for (const socket of sockets) if (socket.readyState === WebSocket.OPEN) socket.send('{"type":"HEARTBEAT"}');
  }, 5000);
  console.log(JSON.stringify({ connected: openMs.length, failed: failed, seconds: (Date.now() - began) / 1000,
    open_ms: openMs }));
  process.stdin.resume();
  process.stdin.on("end", () => { clearInterval(beat); for (const socket of sockets) socket.close(); process.exit(0); });
});
