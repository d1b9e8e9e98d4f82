// Many idle pages connected to one signalling server (the PeerJS server), as tools/bench_signalling.py
// and the tests of its limits ask:
//   node tools/load_signalling.cjs PORT PATH COUNT [--from ADDRESS | --per-address N] [--offers N] [--unknown]
// Each page opens the WebSocket a PeerJS page opens (ws://127.0.0.1:PORT/PATH/peerjs?key=peerjs&id=...
// &token=...), from ADDRESS (a local address, 127.0.0.1 by default; with --per-address, N pages from
// each of 127.1.0.1, 127.1.0.2, ..., as many homes would), 50 at a time, until the server
// says OPEN or refuses it, then sends a heartbeat every 5 s as PeerJS does. With --offers, once all
// are connected the last page sends N OFFER messages as fast as it can, to the first page (or, with
// --unknown, each to an id no one holds), and the answers are counted for a second. Prints one JSON
// line ({"connected", "failed", "refused": {ERROR text: count}, "seconds", "open_ms": [...],
// "offers": {"delivered", "answers": {type: count}}}), holds the pages until its standard input ends,
// then closes them all. Bounded: at most 6000 pages, and it gives up after 120 s.
"use strict";
const WebSocket = require("ws");

const args = process.argv.slice(2);
const flag = (name, fallback) => { const at = args.indexOf(name); return at < 0 ? fallback : args[at + 1]; };
const [port, path, wanted] = [Number(args[0]), args[1], Math.min(Number(args[2]), 6000)];
const from = flag("--from", "127.0.0.1"), perAddress = Number(flag("--per-address", 0)), offers = Math.min(Number(flag("--offers", 0)), 100000);
if (!(port > 0) || !path || !(wanted > 0)) {
  console.error("usage: node tools/load_signalling.cjs PORT PATH COUNT [--from ADDRESS] [--offers N] [--unknown]");
  process.exit(2);
}
const sockets = [], openMs = [], refused = {}, answers = {};
let failed = 0, next = 0, delivered = 0;
const began = Date.now();
const giveUp = setTimeout(() => { console.error("gave up after 120 s"); process.exit(2); }, 120000);

function homeAddress(home) {
  return `127.1.${(home >> 8) & 255}.${home & 255}`;
}

function one(index) {
  return new Promise((resolve) => {
    const start = Date.now();
    const id = "load-" + index + "-" + Math.random().toString(36).slice(2, 10);
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}/peerjs?key=peerjs&id=${id}&token=t${index}&version=1.5.5`,
      { localAddress: perAddress > 0 ? homeAddress(Math.floor(index / perAddress) + 1) : from });
    socket.peerId = id;
    socket.on("message", (data) => {
      const message = JSON.parse(String(data));
      const said = message.type === "ERROR" ? message.payload.msg : message.type;
      if (message.type === "OPEN") { openMs.push(Date.now() - start); sockets.push(socket); socket.opened = true; resolve(); }
      else if (!socket.opened) refused[said] = (refused[said] || 0) + 1;
      else if (message.type === "OFFER") delivered += 1;
      else answers[said] = (answers[said] || 0) + 1;
    });
    socket.on("error", () => { failed += 1; resolve(); });
    socket.on("close", () => resolve());
  });
}

async function worker() {
  while (next < wanted) await one(next++);
}

function sendOffers() {
  const sender = sockets[sockets.length - 1], to = sockets[0];
  if (!offers || !sender) return Promise.resolve();
  for (let i = 0; i < offers && sender.readyState === WebSocket.OPEN; i++) {
    const dst = args.includes("--unknown") ? "nobody-" + i : to.peerId;
    sender.send(JSON.stringify({ type: "OFFER", dst: dst, payload: { sdp: "v=0", type: "data", connectionId: "dc_" + i } }));
  }
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

Promise.all(Array.from({ length: 50 }, worker)).then(sendOffers).then(() => {
  clearTimeout(giveUp);
  const beat = setInterval(() => {
    for (const socket of sockets) if (socket.readyState === WebSocket.OPEN) socket.send('{"type":"HEARTBEAT"}');
  }, 5000);
  console.log(JSON.stringify({ connected: openMs.length, failed: failed, refused: refused, seconds: (Date.now() - began) / 1000,
    open_ms: openMs, offers: { delivered: delivered, answers: answers } }));
  process.stdin.resume();
  process.stdin.on("end", () => { clearInterval(beat); for (const socket of sockets) socket.close(); process.exit(0); });
});
