// The signalling server of a game between friends: the PeerJS server (npm `peer`, its own API) with
// limits per client address, so that no one address can fill it or probe the codes of tables.
//   node tools/signalling.cjs --host 127.0.0.1 --port 9000 --path /pasur [--allow_discovery] [--proxied]
//     [--concurrent_limit N] [--ids_per_address N] [--connections_per_address N]
//     [--connects_per_second N] [--messages_per_second N] [--unknown_per_minute N]
// A client over a limit gets {"type": "ERROR", "payload": {"msg": "Server is busy: ..."}} and its
// socket closed; one opening connections too fast, or too many at once, is cut at once. --proxied:
// behind a reverse proxy on this machine, the client's address is the X-Forwarded-For it sets.
"use strict";
const http = require("node:http");
const express = require("express");
const { ExpressPeerServer } = require("peer");
const { WebSocketServer } = require("ws");

const DEFAULTS = {
  host: "127.0.0.1", port: 9000, path: "/", concurrent_limit: 50000, ids_per_address: 32,
  connections_per_address: 64, connects_per_second: 2, messages_per_second: 20, unknown_per_minute: 10,
};
const RELAYED = new Set(["OFFER", "ANSWER", "CANDIDATE", "LEAVE", "EXPIRE"]);
const BUSY = {
  ids: "Server is busy: too many connections from this address",
  messages: "Server is busy: too many messages from this address",
  unknown: "Server is busy: too many unknown ids asked from this address",
};

function options(argv) {
  const given = { ...DEFAULTS, allow_discovery: false, proxied: false };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, "");
    if (name === "allow_discovery" || name === "proxied") given[name] = true;
    else if (name in DEFAULTS) given[name] = typeof DEFAULTS[name] === "number" ? Number(argv[++i]) : argv[++i];
    else throw new Error(`unknown option ${argv[i]}`);
  }
  return given;
}

// A token bucket: `burst` at once, refilled at `rate` a second.
function bucket(rate, burst) {
  let tokens = burst, at = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - at) / 1000) * rate);
    at = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

// What one address holds and may still do; forgotten once it holds nothing and its buckets are full.
class Addresses {
  constructor(limits) { this.limits = limits; this.known = new Map(); }
  of(address) {
    let entry = this.known.get(address);
    if (!entry) {
      const { connects_per_second: c, messages_per_second: m, unknown_per_minute: u } = this.limits;
      entry = { sockets: 0, peers: 0, used: Date.now(), connect: bucket(c, 30 * c), message: bucket(m, 10 * m),
        any: bucket(5 * m, 50 * m), unknown: bucket(u / 60, u) };
      this.known.set(address, entry);
    }
    entry.used = Date.now();
    return entry;
  }
  sweep() {
    const old = Date.now() - 120000;
    for (const [address, entry] of this.known) if (!entry.sockets && !entry.peers && entry.used < old) this.known.delete(address);
  }
}

function refuse(socket, why) {
  socket.send(JSON.stringify({ type: "ERROR", payload: { msg: why } }));
  socket.close();
}

function start(limits) {
  const app = express();
  const server = http.createServer(app);
  server.headersTimeout = server.requestTimeout = 10000; // a request's head and body come within 10 s
  const addresses = new Addresses(limits);
  setInterval(() => addresses.sweep(), 60000).unref();
  const loopback = (address) => /^(127\.|::1$|::ffff:127\.)/.test(address);
  const addressOf = (req) => {
    const peer = req.socket.remoteAddress || "";
    const forwarded = limits.proxied && loopback(peer) && req.headers["x-forwarded-for"];
    return forwarded ? String(forwarded).split(",").pop().trim() : peer;
  };

  server.on("connection", (socket) => {
    const address = socket.remoteAddress || "";
    if (limits.proxied && loopback(address)) return; // the proxy's own limits hold its clients
    const entry = addresses.of(address);
    if (!entry.connect() || entry.sockets >= limits.connections_per_address) return void socket.destroy();
    entry.sockets += 1;
    socket.on("close", () => { entry.sockets -= 1; });
  });

  const ids = new Set(); // the ids connected now: an offer to any other one asks for an unknown id
  // PeerJS's socket server, each socket seen before PeerJS sees it (ws binds `emit` when built).
  class Guarded extends WebSocketServer {
    emit(event, socket, req, ...rest) {
      if (event !== "connection") return super.emit(event, socket, req, ...rest);
      const entry = addresses.of(addressOf(req));
      if (entry.peers >= limits.ids_per_address) return void refuse(socket, BUSY.ids);
      entry.peers += 1;
      socket.on("close", () => { entry.peers -= 1; });
      const socketEmit = socket.emit.bind(socket);
      socket.emit = (name, data, ...more) => {
        if (name !== "message") return socketEmit(name, data, ...more);
        if (!entry.any()) return void refuse(socket, BUSY.messages); // heartbeats too, five times the rate
        let message;
        try { message = JSON.parse(String(data)); } catch { return void socket.close(); }
        if (message && RELAYED.has(message.type)) {
          if (!entry.message()) return void refuse(socket, BUSY.messages);
          if (message.type === "OFFER" && !ids.has(message.dst) && !entry.unknown()) return void refuse(socket, BUSY.unknown);
        }
        return socketEmit(name, data, ...more);
      };
      return super.emit(event, socket, req, ...rest);
    }
  }
  const createWebSocketServer = (given) => new Guarded({ ...given, maxPayload: 64 * 1024 });

  const peers = ExpressPeerServer(server, {
    path: limits.path, concurrent_limit: limits.concurrent_limit, allow_discovery: limits.allow_discovery,
    alive_timeout: 60000, createWebSocketServer,
  });
  peers.on("connection", (client) => ids.add(client.getId()));
  peers.on("disconnect", (client) => ids.delete(client.getId()));
  peers.on("error", () => {});
  app.use(peers);
  server.listen(limits.port, limits.host, () => console.log(`Started PeerServer on ${limits.host}:${limits.port}${limits.path}`));
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

process.on("uncaughtException", (error) => console.error("Error: " + error));
start(options(process.argv.slice(2)));
