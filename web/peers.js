// The connections of a game between friends: WebRTC data channels through PeerJS (served from the
// site, vendor/peerjs/), loaded only when a table is opened or joined. The signalling server and the
// ICE servers come from ./online.json (written by the build; a host points it at its own servers).
//
// pasurPeers.open(code, onEvent): the host's page listens as "pasur-<code>".
// pasurPeers.join(code, onEvent): a friend's page connects to it, and again whenever it is lost.
// pasurPeers.send(peer, text): to a friend's connection (the host), or to the host (peer null).
// onEvent(kind, peer, text): kind is "open" (the table is open), "connected", "message", "lost",
// "missing" (a friend's page that has not reached the table yet finds none open under its code: it
// stops trying) or "unreachable" (no signalling server), and from web/reach.js "route" (text: which
// way the connection goes) and "noroute" (no way to the other page); peer is a friend's connection
// id at the host, else null.
(function () {
  "use strict";
  var RETRY_MS = 2000, RETRY_MAX_MS = 10000;  // waits between attempts: doubled after each failure
  var state = { peer: null, host: null, conns: new Map(), listen: null, code: "", closed: false, wait: RETRY_MS,
    reached: false };  // reached: this friend's page was connected to the table since it joined

  function emit(kind, peer, text) {
    if (kind === "open" || kind === "connected") state.wait = RETRY_MS;
    if (state.listen && !state.closed) state.listen(kind, peer === undefined ? null : peer, text || "");
  }

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      if (window.Peer) return resolve();
      var script = document.createElement("script");
      script.src = src;
      script.onload = function () { resolve(); };
      script.onerror = function () { reject(new Error(src + " could not be loaded")); };
      document.head.appendChild(script);
    });
  }

  function settings() {
    // web/reach.js: the table's signalling server and the ICE servers.
    return Promise.all([window.pasurReach.options(state.code), loadScript("./vendor/peerjs/peerjs.min.js")])
      .then(function (loaded) { return loaded[0]; });
  }

  function later(work) {
    if (state.closed) return;
    setTimeout(work, state.wait);
    state.wait = Math.min(state.wait * 2, RETRY_MAX_MS);
  }

  // The host: each friend's connection by its id.
  function welcome(conn) {
    window.pasurReach.watch(conn, conn.peer, emit, false);  // web/reach.js: its route, or none
    conn.on("open", function () { state.conns.set(conn.peer, conn); emit("connected", conn.peer); });
    conn.on("data", function (data) { emit("message", conn.peer, String(data)); });
    conn.on("close", function () { state.conns["delete"](conn.peer); emit("lost", conn.peer); });
    conn.on("error", function () { conn.close(); });
  }

  function listen(options) {
    var peer = state.peer = new window.Peer("pasur-" + state.code, options);
    peer.on("open", function () { emit("open", null); });
    peer.on("connection", welcome);
    peer.on("disconnected", function () { if (!state.closed && !peer.destroyed) peer.reconnect(); });
    peer.on("error", function (error) {
      // The id is still held for this page's earlier visit (a reload): try again until it is free.
      if (error.type === "unavailable-id") { peer.destroy(); later(function () { listen(options); }); }
      else if (error.type === "network" || error.type === "server-error" || error.type === "socket-error") {
        emit("unreachable", null);
        peer.destroy();
        later(function () { listen(options); });
      }
    });
  }

  // A friend: one connection to the host, made again when it is lost.
  function connect(options) {
    var peer = state.peer || (state.peer = new window.Peer(options));
    if (!peer.open) { peer.once("open", function () { connect(options); }); return; }
    var conn = state.host = peer.connect("pasur-" + state.code, { reliable: true, serialization: "raw" });
    window.pasurReach.watch(conn, null, emit, function () {  // web/reach.js: its route, or none (then again)
      if (state.host === conn) later(function () { connect(options); });
    });
    conn.on("open", function () { state.reached = true; emit("connected", null); });
    conn.on("data", function (data) { emit("message", null, String(data)); });
    conn.on("close", function () { if (state.host === conn) { emit("lost", null); later(function () { connect(options); }); } });
  }

  function friendErrors(options) {
    state.peer.on("error", function (error) {
      // No page holds the table's id: a table never reached is not there (a mistyped or old link);
      // one reached before is away (its host reloading) and is tried again.
      if (error.type === "peer-unavailable" && !state.reached) emit("missing", null);
      else if (error.type === "peer-unavailable") { emit("lost", null); later(function () { connect(options); }); }
      else if (error.type === "network" || error.type === "server-error" || error.type === "socket-error") {
        emit("unreachable", null);
        state.peer.destroy();
        state.peer = null;
        later(function () { seat(state.code, state.listen); });
      }
    });
    state.peer.on("disconnected", function () { if (!state.closed && !state.peer.destroyed) state.peer.reconnect(); });
  }

  function start(code, onEvent, begin) {
    close();
    state.closed = false;
    state.code = code;
    state.listen = onEvent;
    settings().then(begin, function () { emit("unreachable", null); });
  }

  function open(code, onEvent) { start(code, onEvent, listen); }

  function join(code, onEvent) {
    state.reached = false;
    seat(code, onEvent);
  }

  function seat(code, onEvent) {
    start(code, onEvent, function (options) {
      state.peer = new window.Peer(options);
      friendErrors(options);
      connect(options);
    });
  }

  function send(peer, text) {
    var conn = peer === null || peer === undefined ? state.host : state.conns.get(peer);
    if (conn && conn.open) conn.send(text);
  }

  function close() {
    state.closed = true;
    if (state.peer) state.peer.destroy();
    state.peer = state.host = null;
    state.conns = new Map();
  }

  // A page that goes away frees its id at once (the host's next visit may take it again).
  addEventListener("pagehide", function () { if (state.peer) state.peer.destroy(); });
  window.pasurPeers = { open: open, join: join, send: send, close: close };
})();
