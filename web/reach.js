// The way to a friend, for web/peers.js: which signalling server a table uses, the ICE servers (STUN,
// and TURN with short-lived credentials), which way a connection goes, and a friend with no way at all.
//
// reach.options(code): a promise of PeerJS's options for the table `code` (reach.peerOptions: the same,
//   once PeerJS is loaded); reach.trouble(error): what a Peer's error says of the signalling server. ./online.json lists
//   one signalling server or several ("signalling": an object or a list); a table's code picks one by
//   its hash (FNV-1a, 32 bits, of the code, modulo the number of servers), so that both pages of a
//   table meet on the same server. "iceServers" lists STUN (and TURN) servers; "turn" is the address
//   that hands out TURN credentials ({"iceServers": [...], "ttl": seconds}), asked before they run out
//   and whenever a TURN server refuses them (a 401 "Unauthorized" ICE candidate error).
// reach.watch(conn, peer, emit, again): follows a DataConnection. Once open, emit("route", peer,
//   "direct <local type> <remote type>" or "relay ...") from RTCPeerConnection.getStats(): the selected
//   candidate pair. With no way found within 20 s of the first try (ICE failed, or still checking),
//   emit("noroute", peer). A friend's page gives `again`, which starts a new connection: called when
//   this one found no way, or when its TURN credential was refused (with a fresh one).
// reach.seen: each route found, {route, local, remote, address, port}, and reach.answered(), the
//   connections being tried that the other page answered: for the tests (window.pasur.reach).
import { hooks } from "./hooks.js";

const NO_ROUTE_MS = 20000;  // the longest a friend waits before being told there is no way through
const EARLY = 0.8, RETRY_MS = 30000;  // credentials are asked again at 80% of their life, or after a failure
const ice = { config: null, fixed: [], source: "", timer: 0, asking: null };
const trying = new Map();  // the other page (its peer id, "" for the host) -> when the first try began
const pending = new Set();  // the connections being tried
const seen = [];

function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function pick(servers, code) {
  const list = [].concat(servers || {});
  return list.length ? list[fnv1a(code) % list.length] || {} : {};
}

function json(answer) {
  if (!answer.ok) throw new Error(answer.url + " answered " + answer.status);
  return answer.json();
}

// Fresh TURN credentials into the configuration PeerJS uses for every new connection (in place: the
// same object), asked again before they run out; on a failure, the STUN servers alone until then.
function credentials() {
  if (!ice.source) return Promise.resolve();
  if (ice.asking) return ice.asking;
  clearTimeout(ice.timer);
  ice.asking = fetch(ice.source, { cache: "no-store", credentials: "omit" }).then(json).then(function (answer) {
    const ttl = Number(answer.ttl) > 0 ? Number(answer.ttl) : 600;
    ice.config.iceServers = ice.fixed.concat(Array.isArray(answer.iceServers) ? answer.iceServers : []);
    ice.timer = setTimeout(credentials, ttl * 1000 * EARLY);
  }, function () {
    ice.config.iceServers = ice.fixed.slice();
    ice.timer = setTimeout(credentials, RETRY_MS);
  }).then(function () { ice.asking = null; });
  return ice.asking;
}

function options(code) {
  return fetch("./online.json").then(json).then(function (online) {
    const server = pick(online.signalling, code);
    clearTimeout(ice.timer);
    ice.fixed = Array.isArray(online.iceServers) ? online.iceServers : [];
    ice.config = { iceServers: ice.fixed.slice() };
    ice.source = typeof online.turn === "string" ? online.turn : "";
    ice.asking = null;
    trying.clear();
    return credentials().then(function () {
      return {
        host: server.host || location.hostname, port: server.port || 9000, path: server.path || "/",
        secure: !!server.secure, key: server.key || "peerjs", debug: 0, config: ice.config
      };
    });
  });
}

// The selected candidate pair of a connection: "direct" or "relay", and the types of its two ends.
function route(pc) {
  return pc.getStats().then(function (stats) {
    let byId = new Map(), pair = null;
    stats.forEach(function (item) { byId.set(item.id, item); });
    stats.forEach(function (item) {
      if (item.type === "transport" && item.selectedCandidatePairId) pair = byId.get(item.selectedCandidatePairId);
    });
    if (!pair) {
      stats.forEach(function (item) {
        if (item.type === "candidate-pair" && item.nominated && item.state === "succeeded") pair = item;
      });
    }
    if (!pair) return null;
    const local = byId.get(pair.localCandidateId) || {}, remote = byId.get(pair.remoteCandidateId) || {};
    const relayed = local.candidateType === "relay" || remote.candidateType === "relay";
    const found = { route: relayed ? "relay" : "direct", local: local.candidateType, remote: remote.candidateType,
      address: remote.address || remote.ip, port: remote.port };
    seen.push(found);
    return found;
  });
}

function watch(conn, peer, emit, again) {
  let key = peer || "", pc = conn.peerConnection, done = false;
  if (!trying.has(key)) trying.set(key, Date.now());
  const timer = setTimeout(noRoute, Math.max(0, trying.get(key) + NO_ROUTE_MS - Date.now()));

  // ICE failed, or the time is up while the other page answered (a host that never answered is not
  // there: web/peers.js says so). PeerJS has let go of a failed connection's RTCPeerConnection: `pc`.
  function noRoute(failed) {
    if (done || conn.open || !(failed === true || (pc && pc.remoteDescription))) return;
    settle();
    trying.set(key, Date.now());  // the next try has its own 20 s
    emit("noroute", peer);
    retry();
  }
  // A friend's page starts the connection again (PeerJS says nothing when one that never opened is
  // closed), and so gets in once a way opens; the host's page waits for that.
  function retry() {
    conn.close();
    if (again) again();
  }
  function settle() { done = true; clearTimeout(timer); pending["delete"](conn); }
  pending.add(conn);

  function tell() {
    route(conn.peerConnection).then(function (found) {
      if (found && conn.open) emit("route", peer, [found.route, found.local, found.remote].join(" "));
    }, function () {});
  }
  conn.on("open", function () {
    settle();
    trying["delete"](key);
    tell();
    // ICE goes on checking after the first pair that works, and may move to a better one (a direct
    // pair found after the relay's): the page says so again.
    const transport = conn.peerConnection && conn.peerConnection.sctp && conn.peerConnection.sctp.transport;
    if (transport && transport.iceTransport) transport.iceTransport.addEventListener("selectedcandidatepairchange", tell);
  });
  conn.on("close", function () { if (!done) { clearTimeout(timer); pending["delete"](conn); } });
  conn.on("iceStateChanged", function (state) { if (state === "failed") noRoute(true); });
  if (!pc) return;
  pc.addEventListener("icecandidateerror", function (event) {
    if (event.errorCode !== 401 || !/^turns?:/.test(event.url || "")) return;
    // The TURN server refused the credential (it ran out): ask for another; a friend's page that has
    // no way yet starts the connection again with it (web/peers.js tries again once it is closed).
    credentials().then(function () {
      const state = pc.iceConnectionState;
      if (again && !done && !conn.open && state !== "connected" && state !== "completed") { settle(); retry(); }
    });
  });
}

// For the tests: how many connections are being tried that the other page has answered.
function answered() {
  return Array.from(pending).filter(function (conn) {
    return conn.peerConnection && conn.peerConnection.remoteDescription;
  }).length;
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

// PeerJS (vendor/peerjs/, loaded the first time), and its options for the table ``code``.
function peerOptions(code) {
  return Promise.all([options(code), loadScript("./vendor/peerjs/peerjs.min.js")])
    .then(function (loaded) { return loaded[0]; });
}

// What a Peer's error says of the signalling server: "busy" (it turned the page away for now: too
// many pages, from here or everywhere; said as such and tried again, never as a device offline),
// "unreachable", or null (another error).
function trouble(error) {
  const text = String(error.message || "");
  if (error.type === "server-error" && /limit|busy|too many/i.test(text)) return "busy";
  return ["network", "server-error", "socket-error", "socket-closed"].indexOf(error.type) >= 0 ? "unreachable" : null;
}

export const reach = hooks.reach = { options: options, peerOptions: peerOptions, trouble: trouble, watch: watch,
  seen: seen, fnv1a: fnv1a, answered: answered };
