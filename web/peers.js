// The connections of a game between friends: WebRTC data channels through PeerJS (served from the
// site, vendor/peerjs/), loaded only when a table is opened or joined. The signalling server and the
// ICE servers come from ./online.json (written by the build; a host points it at its own servers).
// This file only carries text: who is who, and what a message means, is decided by the page's Python
// (model/handshake.py, hosting.py, visiting.py), which answers each new connection itself.
//
// A table's ids: "pasur-<code>", then "pasur-<code>-1" ... "-<SLOTS - 1>". The host's page takes the
// first one the signalling server lets it have (its own last visit may hold one for a moment, and
// anyone who knows the code may take one); a friend's page knocks at all of them at once, and keeps
// the one whose page proves to be the host.
//
// window.pasur.peers.listen(code, onEvent): the host's page. onEvent(kind, peer, text): "open" (friends can
//   reach the table), "unreachable" (the signalling server cannot be reached and no friend is
//   connected), "connected" / "message" / "lost" for a friend's connection (peer: its name).
// window.pasur.peers.seek(code, onEvent): a friend's page. "connected" (peer: the table's id that answered,
//   text: this page's own id on the signalling server), "message", "lost", "missing" (no page holds
//   any of the table's ids, and none was ever reached: a mistyped or old link), "unreachable".
// window.pasur.peers.send(peer, text), .drop(peer), .close().
// Both pages also hear, from web/reach.js, "route" (text: which way a connection goes) and "noroute"
// (no way to the other page was found).
//
// Refused by the host's page before a connection can deliver anything: a connection that is not of
// the page's own kind ("raw" text: PeerJS's binary kinds reassemble chunks into one message, whatever
// its size), more than MAX_CONNS connections, or PER_PEER from one page. Then closed: a connection that
// does not open within KNOCK_MS (it holds no place then), one that says nothing within FIRST_MS, a
// message that is not text or is over MAX_TEXT characters, and one that goes on sending faster than
// RATE messages a second (a burst of BURST passes; more are dropped).
// A signalling server that goes away closes nothing: open connections carry the game on, and the
// page joins the server again when it is back.
import { hooks } from "./hooks.js";
import { reach } from "./reach.js";

const SLOTS = 4, MAX_CONNS = 12, PER_PEER = 2, FIRST_MS = 10000, KNOCK_MS = 25000, FLUSH_MS = 400;
const MAX_TEXT = 1000, MAX_HOST_TEXT = 300000, RATE = 8, BURST = 24, DROPS = 200;
const RETRY_MS = 2000, RETRY_MAX_MS = 10000;
let state = { gen: 0, listen: null, code: "", peers: [], links: new Map(), wait: RETRY_MS, reached: false,
  round: 0, searching: false };

function emit(kind, peer, text) {
  if (state.listen) state.listen(kind, peer === undefined ? null : peer, text || "");
}

function current(gen) { return gen === state.gen && state.listen !== null; }

function later(gen, work) {
  setTimeout(function () { if (current(gen)) work(); }, state.wait);
  state.wait = Math.min(state.wait * 2, RETRY_MAX_MS);
}

function loadScript(src) {
  return new Promise(function (resolve, reject) {
    if (window.Peer) return resolve();
    const script = document.createElement("script");
    script.src = src;
    script.onload = function () { resolve(); };
    script.onerror = function () { reject(new Error(src + " could not be loaded")); };
    document.head.appendChild(script);
  });
}

function settings() {
  // web/reach.js: the table's signalling server and the ICE servers.
  return Promise.all([reach.options(state.code), loadScript("./vendor/peerjs/peerjs.min.js")])
    .then(function (loaded) { return loaded[0]; });
}

function slotId(slot) { return "pasur-" + state.code + (slot ? "-" + slot : ""); }

function openLinks() {
  let count = 0;
  state.links.forEach(function (link) { if (link.conn.open) count++; });
  return count;
}

function networkError(error) {
  return ["network", "server-error", "socket-error", "socket-closed"].indexOf(error.type) >= 0;
}

// A Peer whose data connections of any kind are made as "raw" ones (no chunk is ever reassembled),
// and which joins its signalling server again whenever it loses it (its connections stay open).
function makePeer(id, options, gen) {
  let peer = id ? new window.Peer(id, options) : new window.Peer(options);
  const Raw = peer._serializers.raw;
  peer._serializers = new Proxy({}, { get: function () { return Raw; } });
  peer.on("disconnected", function () {
    later(gen, function () { if (!peer.destroyed && peer.disconnected && !peer.retired) peer.reconnect(); });
  });
  peer.on("open", function () { state.wait = RETRY_MS; });
  state.peers.push(peer);
  return peer;
}

// A connection's messages, within the limits, to ``deliver``; ``done`` once it is gone.
function watch(name, link, limit, gen, done) {
  let conn = link.conn, tokens = BURST, at = Date.now(), dropped = 0, first = null;
  conn.on("open", function () {
    if (!current(gen)) { conn.close(); return; }
    link.announced = true;
    first = setTimeout(function () { if (!link.heard) conn.close(); }, FIRST_MS);
  });
  conn.on("data", function (data) {
    if (typeof data !== "string" || data.length > limit) { conn.close(); return; }
    const now = Date.now();
    tokens = Math.min(BURST, tokens + (now - at) * RATE / 1000);
    at = now;
    if (tokens < 1) { if (++dropped > DROPS) conn.close(); return; }
    tokens -= 1;
    link.heard = true;
    if (current(gen)) emit("message", name, data);
  });
  conn.on("close", function () {
    clearTimeout(first);
    if (state.links.get(name) !== link) return;
    state.links["delete"](name);
    if (current(gen) && link.announced) emit("lost", name);
    done();
  });
  conn.on("error", function () { conn.close(); });
}

// ------------------------------------------------------------------ the host
function admit(conn, gen) {
  let fromPeer = 0;
  state.links.forEach(function (link) { if (link.conn.peer === conn.peer) fromPeer++; });
  const kind = conn.options && conn.options.serialization;
  if (!current(gen) || kind !== "raw" || state.links.size >= MAX_CONNS || fromPeer >= PER_PEER) {
    conn.handleMessage = function () { return Promise.resolve(); };
    conn.close();
    return;
  }
  let name = conn.peer + "/" + conn.connectionId, link = { conn: conn };
  state.links.set(name, link);
  // A connection that never opens (no way between the pages, or a stranger who stops half-way) is
  // let go, so that it holds none of the places of its page or of the table: PeerJS says nothing
  // when one that never opened fails or is closed.
  const opening = setTimeout(forget, KNOCK_MS);
  function forget() {
    clearTimeout(opening);
    if (conn.open) return;
    if (state.links.get(name) === link) state.links["delete"](name);
    conn.close();
  }
  conn.on("error", forget);
  conn.on("iceStateChanged", function (ice) { if (ice === "failed" || ice === "closed") forget(); });
  reach.watch(conn, name, emit, false);  // web/reach.js: which way it goes, or none
  conn.on("open", function () { clearTimeout(opening); if (current(gen)) emit("connected", name); });
  watch(name, link, MAX_TEXT, gen, function () {});
}

function host(options, gen, slot) {
  let peer = makePeer(slotId(slot), options, gen);
  peer.on("open", function () { if (current(gen)) emit("open", null); });
  peer.on("connection", function (conn) { admit(conn, gen); });
  peer.on("error", function (error) {
    if (!current(gen)) return;
    if (error.type === "unavailable-id") {  // held (by this page's last visit, or by someone else): the next id
      peer.retired = true;
      if (!openLinks()) peer.destroy();
      setTimeout(function () { if (current(gen)) host(options, gen, (slot + 1) % SLOTS); },
                 slot + 1 === SLOTS ? state.wait : 200);
    } else if (networkError(error)) {
      if (!openLinks()) emit("unreachable", null);
      if (peer.destroyed) later(gen, function () { host(options, gen, slot); });  // it never reached the server
    }
  });
}

// ------------------------------------------------------------------ a friend
function knock(peer, slot, gen, round) {
  let name = String(slot), conn = peer.connect(slotId(slot), { reliable: true, serialization: "raw" });
  if (!conn) return;
  let link = { conn: conn, round: round };
  state.links.set(name, link);
  reach.watch(conn, name, emit, function () { gone(name, link, gen, false); });  // no way: again
  conn.on("open", function () { if (current(gen)) { state.reached = true; emit("connected", name, peer.id); } });
  watch(name, link, MAX_HOST_TEXT, gen, function () { settle(gen, round); });
  setTimeout(function () { if (!conn.open) gone(name, link, gen, false); }, KNOCK_MS);  // no answer at all
}

// A connection that never opened: no id under that name (``missing``), or no answer.
function gone(name, link, gen, missing) {
  if (state.links.get(name) !== link) return;
  state.links["delete"](name);
  if (!missing) state.allMissing = false;
  link.conn.close();
  settle(gen, link.round);
}

// Once every id of a search is answered or gone: the table is missing, or it is looked for again.
function settle(gen, round) {
  if (!current(gen) || round !== state.round || !state.searching) return;
  let pending = false;
  state.links.forEach(function (link) { if (link.round === round) pending = true; });
  if (pending) return;
  state.searching = false;
  if (state.allMissing && !state.reached) emit("missing", null);
  else later(gen, function () { search(gen); });
}

function search(gen) {
  let peer = state.peers[state.peers.length - 1];
  if (state.searching || openLinks() || !peer || !peer.open) return;  // (a Peer that is open again searches)
  const round = ++state.round;
  state.searching = true;
  state.allMissing = true;
  for (let slot = 0; slot < SLOTS; slot++) knock(peer, slot, gen, round);
}

function friend(options, gen) {
  let peer = makePeer(null, options, gen);
  peer.on("open", function () { if (current(gen)) search(gen); });
  peer.on("error", function (error) {
    if (!current(gen)) return;
    const id = /pasur-[a-z0-9]+(?:-(\d+))?$/.exec(String(error.message || ""));
    if (error.type === "peer-unavailable" && id) {  // nobody holds that id
      let name = id[1] || "0";
      if (state.links.has(name)) gone(name, state.links.get(name), gen, true);
      return;
    }
    if (networkError(error) && !openLinks()) emit("unreachable", null);
    if (peer.destroyed) later(gen, function () { friend(options, gen); });  // it never reached the server
  });
}

// ------------------------------------------------------------------ both
function start(code, onEvent, begin) {
  close();
  let gen = state.gen;
  state.code = code;
  state.listen = onEvent;
  state.wait = RETRY_MS;
  state.reached = state.searching = false;
  settings().then(function (options) { if (current(gen)) begin(options, gen); },
                  function () { if (current(gen)) emit("unreachable", null); });
}

function listen(code, onEvent) { start(code, onEvent, function (options, gen) { host(options, gen, 0); }); }
function seek(code, onEvent) { start(code, onEvent, friend); }

function send(peer, text) {
  let link = state.links.get(String(peer));
  if (link && link.conn.open) link.conn.send(text);
}

// Closed a moment later, so that what was just sent on it goes first.
function drop(peer) {
  let name = String(peer), link = state.links.get(name), gen = state.gen;
  if (!link) return;
  state.links["delete"](name);
  setTimeout(function () { link.conn.close(); }, FLUSH_MS);
  if (link.round !== undefined) settle(gen, link.round);
}

function close() {
  state.gen++;
  state.listen = null;
  const peers = state.peers, links = Array.from(state.links.values());
  state.peers = [];
  state.links = new Map();
  setTimeout(function () {
    links.forEach(function (link) { link.conn.close(); });
    peers.forEach(function (peer) { peer.destroy(); });
  }, FLUSH_MS);
}

// A page that goes away frees its ids at once (the host's next visit may take them again).
addEventListener("pagehide", function () { state.peers.forEach(function (peer) { peer.destroy(); }); });
hooks.peers = { listen: listen, seek: seek, send: send, drop: drop, close: close };
