// The connections of a game between friends: WebRTC data channels through PeerJS (served from the
// site, vendor/peerjs/), loaded only when a table is opened or joined. The signalling server and the
// ICE servers come from ./online.json (written by the build; a host points it at its own servers).
// This file only carries text: who is who, and what a message means, is decided by the page's Python
// (model/handshake.py, hosting.py, visiting.py), which answers each new connection itself.
//
// A table's ids: its first id (made by the page's Python from the table's pass, which only its link
// carries: model/handshake.py table_id), then that id with "-1" ... "-<SLOTS - 1>". The host's page
// takes the first one the signalling server lets it have (its own last visit may hold one for a
// moment); a friend's page knocks at all of them at once, and keeps the one whose page proves to be
// the host.
//
// window.pasur.peers.listen(code, first, onEvent): the host's page (code picks the signalling server,
//   first is the table's first id). onEvent(kind, peer, text): "open" (friends can reach the table),
//   "unreachable" (the signalling server cannot be reached and no friend is connected), "busy" (the
//   server turned this page away for now: it is tried again), "held" (every id of the table is held,
//   by its own last visit or by another page: they are tried again), "connected" / "message" / "lost" for a
//   friend's connection (peer: its name).
// window.pasur.peers.seek(code, first, onEvent): a friend's page. "connected" (peer: the table's id that
//   answered, text: this page's own id on the signalling server), "message", "lost", "missing" (no
//   page holds any of the table's ids, and none was ever reached: a mistyped or old link),
//   "unreachable", "busy".
// window.pasur.peers.send(peer, text), .drop(peer), .close(); .admit(peer): the host's page seated
//   that friend's connection (model/hosting.py).
// Both pages also hear, from web/reach.js, "route" (text: which way a connection goes) and "noroute"
// (no way to the other page was found).
//
// Refused by the host's page before a connection can deliver anything: a connection that is not of
// the page's own kind ("raw" text: PeerJS's binary kinds reassemble chunks into one message, whatever
// its size), more than MAX_CONNS seated ones, or PER_PEER from one page. A connection that has not
// sat down waits in a room of MAX_WAITING places (a new one takes the place of the one that has
// waited longest), and is closed FIRST_MS after its last message: strangers who knock and fall
// silent keep no friend out. Then closed: a connection that does not open within KNOCK_MS (it holds
// no place then), a message that is not text or is over MAX_TEXT characters, and one that goes on
// sending faster than RATE messages a second (a burst of BURST passes; more are dropped).
// A signalling server that goes away closes nothing: open connections carry the game on, and the
// page joins the server again when it is back.
import { hooks } from "./hooks.js";
import { reach } from "./reach.js";

const SLOTS = 4, MAX_CONNS = 12, MAX_WAITING = 12, PER_PEER = 2, FIRST_MS = 10000, KNOCK_MS = 25000, FLUSH_MS = 400;
const MAX_TEXT = 1000, MAX_HOST_TEXT = 300000, RATE = 8, BURST = 24, DROPS = 200;
const RETRY_MS = 2000, RETRY_MAX_MS = 10000;
let state = { gen: 0, listen: null, code: "", first: "", peers: [], links: new Map(), wait: RETRY_MS,
  reached: false, round: 0, searching: false };

function emit(kind, peer, text) {
  if (state.listen) state.listen(kind, peer === undefined ? null : peer, text || "");
}

function current(gen) { return gen === state.gen && state.listen !== null; }

function later(gen, work) {
  setTimeout(function () { if (current(gen)) work(); }, state.wait);
  state.wait = Math.min(state.wait * 2, RETRY_MAX_MS);
}

function settings() {
  // web/reach.js: the table's signalling server and the ICE servers, once PeerJS is loaded.
  return reach.peerOptions(state.code);
}

function slotId(slot) { return state.first + (slot ? "-" + slot : ""); }

function openLinks() {
  let count = 0;
  state.links.forEach(function (link) { if (link.conn.open) count++; });
  return count;
}

// Whether a Peer's error is the signalling server's trouble (web/reach.js), said unless a connection
// is open (the game goes on through it).
function troubled(error) {
  const trouble = reach.trouble(error);
  if (trouble && !openLinks()) emit(trouble, null);
  return trouble !== null;
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

// A connection's messages, within the limits, to ``deliver``; ``done`` once it is gone. It is closed
// FIRST_MS after it opens when it says nothing; at the host (``idle``), FIRST_MS after its last
// message as long as it has not sat down (``link.seated``: admit).
function watch(name, link, limit, gen, done, idle) {
  let conn = link.conn, tokens = BURST, at = Date.now(), dropped = 0;
  function quiet() {
    clearTimeout(link.quiet);
    link.quiet = setTimeout(function () { if (!link.seated && (idle || !link.heard)) conn.close(); }, FIRST_MS);
  }
  conn.on("open", function () {
    if (!current(gen)) { conn.close(); return; }
    link.announced = true;
    quiet();
  });
  conn.on("data", function (data) {
    if (typeof data !== "string" || data.length > limit) { conn.close(); return; }
    const now = Date.now();
    tokens = Math.min(BURST, tokens + (now - at) * RATE / 1000);
    at = now;
    if (tokens < 1) { if (++dropped > DROPS) conn.close(); return; }
    tokens -= 1;
    link.heard = true;
    if (idle && !link.seated) quiet();
    if (current(gen)) emit("message", name, data);
  });
  conn.on("close", function () {
    clearTimeout(link.quiet);
    if (state.links.get(name) !== link) return;
    state.links["delete"](name);
    if (current(gen) && link.announced) emit("lost", name);
    done();
  });
  conn.on("error", function () { conn.close(); });
}

// ------------------------------------------------------------------ the host
function refuse(conn) {
  conn.handleMessage = function () { return Promise.resolve(); };
  conn.close();
}

function admit(conn, gen) {
  let fromPeer = 0, seated = 0;
  const waiting = [];
  state.links.forEach(function (link, name) {
    if (link.conn.peer === conn.peer) fromPeer++;
    if (link.seated) seated++;
    else waiting.push(name);
  });
  const kind = conn.options && conn.options.serialization;
  if (!current(gen) || kind !== "raw" || seated >= MAX_CONNS || fromPeer >= PER_PEER) {
    refuse(conn);
    return;
  }
  if (waiting.length >= MAX_WAITING) {  // the room is full: the one that has waited longest goes
    const oldest = state.links.get(waiting[0]);
    state.links["delete"](waiting[0]);
    oldest.conn.close();
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
  watch(name, link, MAX_TEXT, gen, function () {}, true);
}

// The host's page seated this connection's friend: it counts among the table's seated connections,
// and may stay silent.
function seat(peer) {
  const link = state.links.get(String(peer));
  if (link) { link.seated = true; clearTimeout(link.quiet); }
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
      if (slot + 1 === SLOTS) emit("held", null);  // every id held: said, and tried again
      setTimeout(function () { if (current(gen)) host(options, gen, (slot + 1) % SLOTS); },
                 slot + 1 === SLOTS ? state.wait : 200);
    } else if (troubled(error)) {
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
    const text = String(error.message || ""), at = text.lastIndexOf(state.first);
    if (error.type === "peer-unavailable" && at >= 0) {  // nobody holds that id
      let name = text.slice(at + state.first.length).replace(/^-/, "") || "0";
      if (state.links.has(name)) gone(name, state.links.get(name), gen, true);
      return;
    }
    troubled(error);
    if (peer.destroyed) later(gen, function () { friend(options, gen); });  // it never reached the server
  });
}

// ------------------------------------------------------------------ both
function start(code, first, onEvent, begin) {
  close();
  let gen = state.gen;
  state.code = code;
  state.first = first;
  state.listen = onEvent;
  state.wait = RETRY_MS;
  state.reached = state.searching = false;
  settings().then(function (options) { if (current(gen)) begin(options, gen); },
                  function () { if (current(gen)) emit("unreachable", null); });
}

function listen(code, first, onEvent) { start(code, first, onEvent, function (options, gen) { host(options, gen, 0); }); }
function seek(code, first, onEvent) { start(code, first, onEvent, friend); }

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
hooks.peers = { listen: listen, seek: seek, send: send, drop: drop, close: close, admit: seat };
