// The page's side of its service worker (sw.js): it registers it, says when the game can be
// played offline (html[data-offline-ready]), offers a new build (#update-banner), and, for the
// start-up error (web/boot.js), checks the offline copy after a failed start or forgets it.
//
// Python starts at once (web/boot.js calls start() after it): on a first visit the worker takes
// over while Python loads, and takes what the page fetched before from the browser's cache.
import { hooks } from "./hooks.js";

const root = document.documentElement;
const byId = function (id) { return document.getElementById(id); };
let container = null; // the service workers, where this page may have one
try { // (a sandboxed frame: reading navigator.serviceWorker throws)
  if ("serviceWorker" in navigator && location.protocol !== "file:") container = navigator.serviceWorker;
} catch (error) { container = null; }

// A start may fail for a damaged stored file: the service worker checks the start's files and
// drops the damaged ones; the page then loads again, once online (the network has them).
function checkCopy(then) {
  let worker = container && container.controller;
  if (!worker || typeof MessageChannel === "undefined") { then(); return; }
  let done = false;
  function finish(dropped) {
    if (done) return;
    done = true;
    if (dropped && navigator.onLine !== false) location.reload();
    else then();
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = function (event) { finish((event.data || {}).dropped); };
  worker.postMessage("check", [channel.port2]);
  setTimeout(function () { finish(0); }, 10000); // a worker that never answers
}
// The offline copy goes: this page's service worker and every cache of the game.
function forgetOfflineCopy() {
  const mine = function (name) { return name.indexOf("pasur-") === 0; };
  return Promise.all([
    container.getRegistration("./").then(function (registration) { return registration && registration.unregister(); }),
    caches.keys().then(function (names) { return Promise.all(names.filter(mine).map(function (name) { return caches.delete(name); })); })
  ]);
}
function offerUpdate(worker) {
  root.setAttribute("data-update-ready", "");
  byId("update-banner").hidden = false;
  byId("update-reload").onclick = function () {
    byId("update-reload").disabled = true;
    container.addEventListener("controllerchange", function () { location.reload(); });
    worker.postMessage("skip-waiting");
  };
}
function installed(worker) {
  return function () { if (worker.state === "installed" && container.controller) offerUpdate(worker); };
}
function watch(registration) {
  if (registration.waiting && container.controller) offerUpdate(registration.waiting);
  registration.addEventListener("updatefound", function () {
    let worker = registration.installing;
    if (worker) worker.addEventListener("statechange", installed(worker));
  });
}

// Once the game is ready, the worker stores the files the game did not fetch (or checks that
// its cache is complete), and then says the game can be played offline.
function completeCache() {
  if (container.controller) container.controller.postMessage("complete");
}
function checkForUpdates(registration) {
  setInterval(function () { registration.update().catch(function () {}); }, 30 * 60 * 1000);
}
function start() {
  if (!container) return;
  container.addEventListener("message", function (event) {
    const data = event.data || {};
    if (data.type === "offline-ready" && data.build === root.getAttribute("data-build")) {
      root.setAttribute("data-offline-ready", "");
    }
  });
  addEventListener("py:done", function () { setTimeout(completeCache, 0); });
  if (!container.controller) {
    container.addEventListener("controllerchange", function () {
      if (hooks.ready) completeCache();
    });
  }
  container.register("./sw.js").then(function (registration) {
    watch(registration);
    if (container.controller) checkForUpdates(registration);
  }).catch(function () {});
}

export const offline = {
  start: start,
  controlled: function () { return !!(container && container.controller); },
  checkCopy: checkCopy,
  forget: forgetOfflineCopy
};
