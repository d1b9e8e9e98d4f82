// Pasur's service worker: the whole game, Pyodide included, from one versioned cache.
//
// The build replaces the lines below with the build's id (a hash of every asset), the list of
// assets with the hash of each ("" is the page itself, index.html), the assets that are stored
// when first loaded rather than in advance (PyScript's optional chunks), and the assets of the
// start itself (Pyodide, PyScript, the zips: 15 of the site's 16 MB). One build's assets live in
// the cache "pasur-<build>"; a page is served from exactly one such cache, so it never mixes files
// of two builds.
//
// - first install: take over the open page at once. The page does not wait for that: it
//   preloads what the start-up needs and starts Python at once. The files fetched before this
//   worker is in charge are in the browser's HTTP cache; those fetched after go through this
//   worker, which keeps each (after checking its hash) while passing it on. Once the game is
//   ready the page asks for the rest ("complete"): what the browser's cache holds is taken from
//   there, and the files the page did not need are fetched. Nothing is downloaded twice.
// - later installs (a new build): fetch every asset into the new cache before taking over; an
//   asset whose hash is unchanged since the older build is copied from that build's cache. The
//   new worker then waits until the page asks ("skip-waiting"), after the player accepts.
// - activate: delete the caches of other builds.
// - every file is checked against its hash once, as it is stored. A damaged copy (a disk error,
//   an edit) is never served for long: the page's own files (0.4 MB) are checked again each time
//   they are served, and replaced from the network when damaged; the start's own files are
//   checked again only when the start fails (the page asks: "check"), and a damaged one is
//   dropped, so that the next load fetches it from the network.
const BUILD = "dev";
const ASSETS = {};
const ON_DEMAND = [];
const START_FILES = []; // checked again only when the start fails
const SNAPSHOT = ""; // where web/interpreter.js keeps its snapshot; its name hashes what it depends on
const ASSET_HASH_LENGTH = 16;

const PREFIX = "pasur-";
const CACHE = PREFIX + BUILD;
const MANIFEST = "__assets.json";
const CHECKED_ON_FAILURE = new Set(START_FILES);
const SCOPE = new URL(self.registration.scope);

function url(path) {
  return new URL(path, SCOPE).href;
}

async function post(message) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: "window" })) {
    client.postMessage(message);
  }
}

async function oldCopies() {
  // Maps "path hash" to a cached response of an older build, for the files that did not change.
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const listed = await cache.match(url(MANIFEST));
    if (!listed) continue;
    let hashes;
    try { hashes = await listed.json(); } catch (error) { continue; }
    for (const [path, hash] of Object.entries(hashes)) {
      if (ASSETS[path] === hash && !found.has(path)) {
        const response = await cache.match(url(path));
        if (response) found.set(path, response);
      }
    }
  }
  return found;
}

async function hashOf(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("").slice(0, ASSET_HASH_LENGTH);
}

async function digest(response) {
  return hashOf(await response.clone().arrayBuffer());
}

async function checked(response, path) {
  // The response, if its bytes are the ones this build lists for the path; otherwise null.
  const bytes = await response.arrayBuffer();
  if (await hashOf(bytes) !== ASSETS[path]) return null;
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function pageAddresses() {
  // The addresses the open pages were loaded from (with their query strings).
  const windows = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  return windows.map((client) => client.url).filter((address) => {
    const path = new URL(address).pathname;
    return path === SCOPE.pathname || path === SCOPE.pathname + "index.html";
  });
}

async function fromBrowserCache(path) {
  // The files the page itself fetched before this worker was in charge (on a first visit: the
  // page, its styles and scripts, what it preloads, what Python loaded meanwhile) are still in
  // the browser's HTTP cache: the copy there, if its content is this build's.
  const cached = path === "" ? [url(path), ...await pageAddresses()] : [url(path)];
  for (const address of cached) {
    let response;
    try {
      response = await fetch(new Request(address, { cache: "only-if-cached", mode: "same-origin" }));
    } catch (error) {
      continue; // not in the HTTP cache
    }
    if (response.ok && await digest(response) === ASSETS[path]) return response;
  }
  return null;
}

async function download(path) {
  // From the browser's cache if the page fetched it, else from the network.
  const known = await fromBrowserCache(path);
  if (known) return known;
  const response = await fetch(new Request(url(path), { cache: "no-cache" }));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  if (await digest(response) !== ASSETS[path]) {
    throw new Error(`${path}: the server's copy is not the one this build lists`);
  }
  return response;
}

let completing = null;
const storing = new Map(); // path -> the page's copy of it being checked and stored (the fetch below)

async function precache() {
  // Every asset not in the cache yet; the list of hashes is written last, as the mark of a
  // complete cache.
  const cache = await caches.open(CACHE);
  if (await cache.match(url(MANIFEST))) return;
  const reused = await oldCopies();
  const later = new Set(ON_DEMAND);
  await Promise.all(Object.keys(ASSETS).map(async (path) => {
    if (storing.has(path)) await storing.get(path).catch(() => null); // the page's own copy comes first
    if (await cache.match(url(path))) return;
    // An asset kept on first use is stored now only if the page loaded it before this worker
    // was in charge (it is then in the browser's cache).
    const copy = reused.get(path) || (later.has(path) ? await fromBrowserCache(path) : await download(path));
    if (copy) await cache.put(url(path), copy);
  }));
  // The interpreter's snapshot made by this browser for an older build from the same files.
  if (SNAPSHOT && !(await cache.match(url(SNAPSHOT)))) {
    const snapshot = await caches.match(url(SNAPSHOT));
    if (snapshot) await cache.put(url(SNAPSHOT), snapshot);
  }
  await cache.put(url(MANIFEST), new Response(JSON.stringify(ASSETS), {
    headers: { "Content-Type": "application/json" },
  }));
}

function complete() {
  completing = completing || precache().finally(() => { completing = null; });
  return completing;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    if (self.registration.active) {
      await complete(); // a new build: everything before it may take over
    } else {
      await self.skipWaiting(); // the first install: the page waits for it to take over
    }
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function dropDamaged() {
  // After a failed start: every stored start file whose bytes are not this build's goes, and with
  // it the mark of a complete cache (the next load fetches it, and "complete" stores it again).
  // The number of files dropped.
  const cache = await caches.open(CACHE);
  let dropped = 0;
  for (const path of CHECKED_ON_FAILURE) {
    const cached = await cache.match(url(path));
    if (cached && await digest(cached) !== ASSETS[path]) {
      await cache.delete(url(path));
      dropped += 1;
    }
  }
  if (dropped) await cache.delete(url(MANIFEST));
  return dropped;
}

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data === "check" && event.ports[0]) {
    const answer = event.ports[0];
    event.waitUntil(dropDamaged().then((dropped) => answer.postMessage({ dropped }),
                                       () => answer.postMessage({ dropped: 0 })));
  }
  if (event.data === "complete") {
    // The page is ready: store whatever it did not fetch, then say the game works offline.
    event.waitUntil(complete().then(() => post({ type: "offline-ready", build: BUILD })));
  }
});

function assetPath(request) {
  const address = new URL(request.url);
  if (address.origin !== SCOPE.origin || !address.pathname.startsWith(SCOPE.pathname)) return null;
  let path = address.pathname.slice(SCOPE.pathname.length);
  if (path === "index.html") path = ""; // the page is stored under the site's own address
  return Object.prototype.hasOwnProperty.call(ASSETS, path) ? path : null;
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const path = assetPath(event.request);
  if (path !== null) {
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      const cached = await cache.match(url(path));
      if (cached) {
        if (CHECKED_ON_FAILURE.has(path)) return cached; // checked as it was stored
        const good = await checked(cached, path);
        if (good) return good;
        await cache.delete(url(path)); // damaged (a disk error, an edit): replaced from the network
      }
      // Not stored yet (the first visit) or damaged: from the network, kept if it is this build's file.
      const response = await fetch(new Request(url(path), { cache: "no-cache" }));
      if (response.ok) {
        const copy = response.clone();
        const stored = digest(copy).then((hash) => hash === ASSETS[path] ? cache.put(url(path), copy) : null);
        storing.set(path, stored);
        event.waitUntil(stored.finally(() => { if (storing.get(path) === stored) storing.delete(path); }));
      }
      return response;
    })());
  }
  // Anything else (the examples, other sites' pages) goes to the network as usual.
});
