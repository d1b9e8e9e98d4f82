// Start-up of the page, before Python: the language, the loading progress, the new-game panel,
// then PyScript (the service worker: web/offline.js; the storage: web/storage.js).
//
// It also keeps the start safe: messages from other windows are kept from PyScript, and a failed
// start shows what to do, with buttons that do it (#startup-error).
//
// Every text, storage key and limit comes from web/generated.js (written by the build from the
// game's Python and its catalogs). What the game's Python reads or calls is in window.pasur (web/hooks.js).
import { facts } from "./generated.js";
import { hooks } from "./hooks.js";
import { offline } from "./offline.js";
import { renderObjects } from "./setup.js";
import { sound } from "./sound.js";
import { askToSetAside, stored } from "./storage.js";

const root = document.documentElement;
document.getElementById("no-start").remove(); // the scripts run: the page says what happens from here
const query = new URLSearchParams(location.search);
const site = new URL("..", import.meta.url).href; // the site's root (this file is in web/)
// An embedded game: a parameter the game names, with its value where one is named (the rule is Python's).
const embed = Object.keys(facts.embedWhen).some(function (key) {
  const value = facts.embedWhen[key];
  return query.has(key) && (value === null || query.get(key) === value);
});
if (embed) sound.embedded();
const saveKey = embed ? facts.keys.embedMatch : facts.keys.match;
const byId = function (id) { return document.getElementById(id); };

// Messages from other windows (an embedding page, a pop-up) are not for the game. They never
// reach the listeners of PyScript and Pyodide, which take some messages for their own and throw.
addEventListener("message", function (event) {
  if (event.source !== window) event.stopImmediatePropagation();
}, true);


// ---------------------------------------------------------------- language and progress
// The language of the page, chosen here for the loading panel and handed to the game's Python
// (window.pasur.language), which takes it as it is: ?lang=, else the saved setting, else the
// browser's first language the game has, else the game's default. A tag is read by the pattern the
// game's Python gives ("fa-IR", "FR").
let settings = {};
try { settings = JSON.parse(stored(facts.keys.settings) || "{}") || {}; } catch (error) { settings = {}; }
const tag = new RegExp("^(?:" + facts.languageTag + ")$");
function known(candidate) {
  const found = typeof candidate === "string" && tag.exec(candidate);
  return found && facts.texts[found[1].toLowerCase()] ? found[1].toLowerCase() : null;
}
const wanted = [query.get("lang"), settings.lang].concat(navigator.languages || [navigator.language]);
const lang = wanted.map(known).filter(Boolean)[0] || facts.defaultLanguage;
// The page's texts as the game shows them: in a language with digits of its own, with Latin digits
// when the player chose them (the setting is off only when stored as false, as the game reads it).
const textsName = settings.persian_digits === false && facts.latinTexts[lang] || lang;
hooks.language = lang;
const text = facts.texts[lang];
const steps = [text.boot_step_download, text.boot_step_python, text.boot_step_table];
root.setAttribute("lang", lang);
root.setAttribute("dir", facts.rtl.indexOf(lang) >= 0 ? "rtl" : "ltr");
if (embed) root.classList.add("embed");
byId("loading-text").textContent = text.loading;
byId("startup-error-reload").textContent = text.reload;
byId("startup-error-offline").textContent = text.boot_offline_button;
byId("startup-error-saved").textContent = text.boot_saved_button;

const bar = byId("loading-bar"), step = byId("loading-step");
function show(index, percent) {
  if (root.hasAttribute("data-ready")) return;
  step.textContent = steps[index];
  bar.style.width = percent + "%";
  let waiting = byId("setup-loading"); // the progress, under the new-game panel's Start button
  if (waiting && !hooks.pending) waiting.textContent = steps[index];
}
show(0, 5);
addEventListener("py:progress", function () { show(1, 60); });
addEventListener("py:ready", function () { show(1, 75); });
addEventListener("py:done", function () { show(2, 100); });

// ---------------------------------------------------------------- the start-up error
// What failed, what to do about it, and buttons that do it.
let failed = false;
// The save the game started from: the game's Python names it as it starts (an embedded game with
// game parameters has a save of its own, keyed by them).
function currentSaveKey() { return hooks.saveKey || saveKey; }
function offerRemedies(kind) {
  // kind: "files" (the game's files could not be loaded) or "app" (the game's Python failed).
  failed = true;
  const hasSave = kind === "app" && stored(currentSaveKey()) !== null;
  // Downloading the game again deletes the offline copy first: never while offline, when it
  // could not be downloaded (a reload once online repairs a damaged file as well).
  const hasCopy = offline.controlled() && navigator.onLine !== false;
  const advice = [];
  if (hasSave) advice.push(text.boot_advice_saved);
  if (hasCopy) advice.push(text.boot_advice_offline);
  if (!advice.length) advice.push(kind === "files" ? text.boot_advice_network : text.boot_advice_reload);
  byId("startup-error-text").textContent = kind === "files" ? text.boot_failed_files : text.boot_failed_app;
  byId("startup-error-advice").textContent = advice.join(" ");
  byId("startup-error-saved").hidden = !hasSave;
  byId("startup-error-offline").hidden = !hasCopy;
  const first = hasSave ? "startup-error-saved" : hasCopy ? "startup-error-offline" : "startup-error-reload";
  ["startup-error-saved", "startup-error-offline", "startup-error-reload"].forEach(function (id) {
    byId(id).className = id === first ? "primary" : "secondary";
  });
}
let checking = false;
function fail(message, kind) {
  if (failed || checking || root.hasAttribute("data-ready")) return;
  checking = true;
  offline.checkCopy(function () { checking = false; showFailure(message, kind); });
}
function showFailure(message, kind) {
  if (failed || root.hasAttribute("data-ready")) return;
  root.setAttribute("data-error", "");
  byId("loading").hidden = true;
  // The last line says what went wrong (a Python traceback ends with the exception).
  const lines = String(message || "").split("\n").filter(function (line) { return line.trim(); });
  byId("startup-error-detail").textContent = (lines.pop() || "").trim().slice(0, 300);
  offerRemedies(kind || "files");
  byId("startup-error").hidden = false;
}
function leave(work) {
  // Does what a button offers, then loads the page again.
  document.querySelectorAll("#startup-error button").forEach(function (button) { button.disabled = true; });
  let gone = false;
  function reload() {
    if (gone) return;
    gone = true;
    location.reload();
  }
  // A step that never settles (storage the browser keeps busy) must not keep the player here.
  setTimeout(reload, 5000);
  Promise.resolve().then(work).catch(function () { /* reload all the same */ }).then(reload);
}
byId("startup-error-reload").addEventListener("click", function () { leave(null); });
byId("startup-error-saved").addEventListener("click", function () { leave(function () { askToSetAside(currentSaveKey()); }); });
byId("startup-error-offline").addEventListener("click", function () {
  leave(navigator.onLine === false ? null : offline.forget); // not if the connection went meanwhile
});
// Only the start-up's own failures are fatal: an error in the site's own scripts, a failing
// promise while PyScript loads, Python's errors. Errors from elsewhere (a browser extension's
// script) do not stop the start, nor can other windows' messages cause any (see above).
// A Python exception (in a callback of the game's, after its start) is the game's failure, which
// the saved game may have caused, not its files'.
addEventListener("error", function (event) {
  const message = String(event.message || "");
  if (String(event.filename || "").indexOf(site) === 0) fail(message, /PythonError|Traceback/.test(message) ? "app" : "files");
});
addEventListener("unhandledrejection", function (event) { fail(String(event.reason)); });
new MutationObserver(function () {
  const error = document.querySelector(".py-error");
  if (error) fail(error.textContent, "app");
}).observe(document.body, { childList: true, subtree: true });
// The game's Python says its own start failed (web/main.py, browser/runtime.py): the start-up error
// is shown here only.
hooks.startFailed = function (message) { fail(message, "app"); };

// Install prompt: offered from the settings in the full game, never inside an embed.
addEventListener("beforeinstallprompt", function (event) {
  event.preventDefault();
  if (!embed) hooks.install = event;
  root.toggleAttribute("data-installable", !embed);
});

// ---------------------------------------------------------------- the new-game panel
// At once, while Python loads (web/setup.js), unless the page is about to show something else:
// a game from the address, a saved game, a demo.
const panelBeforePython = stored(saveKey) === null && !facts.gameParams.some((key) => query.has(key));
// What the start-up needs, fetched before PyScript and Pyodide ask for it one file after the
// other (links written by tools/build.py): at once, or once the new-game panel is drawn. Python
// starts meanwhile: a file it has asked for already (pyscript.toml, the WebAssembly when the panel
// is slow to come) is not preloaded, as its preload would download it a second time.
const asked = {};
const ownFetch = window.fetch;
function noting(resource) {
  try {
    asked[new URL(resource instanceof Request ? resource.url : String(resource), location.href).href] = true;
  } catch (error) { /* the fetch itself says what is wrong with the address */ }
  return ownFetch.apply(window, arguments);
}
if (ownFetch) window.fetch = noting;
function preload() {
  if (window.fetch === noting) window.fetch = ownFetch; // a fetch from now on takes its preload
  const links = byId("preloads");
  if (!links || !links.content) return;
  Array.prototype.forEach.call(links.content.querySelectorAll("link"), function (link) {
    if (asked[new URL(link.getAttribute("href"), location.href).href]) link.remove();
  });
  document.head.appendChild(links.content);
}
function answered(answer) {
  if (!answer.ok) throw new Error(answer.url + ": HTTP " + answer.status);
  return answer.json();
}
function drawPanel(loaded) {
  if (root.hasAttribute("data-ready") || root.getAttribute("data-phase") !== "loading") return;
  const catalog = loaded[0];
  loaded[1].lang = lang;
  renderObjects(catalog, loaded[1]);
  document.querySelectorAll("[data-i18n]").forEach(function (element) {
    const key = element.getAttribute("data-i18n");
    if (catalog[key]) element.textContent = catalog[key];
  });
  root.setAttribute("data-phase", "setup");
  show(started ? 1 : 0, 50);
}
// Start (or the guided deal, or today's deal) pressed before Python is ready: remembered, done when it
// is (the game's Python takes it as it starts); the buttons wait till then, and are the panel's again
// after (the panel comes back with New game, or stays when the game refuses what it was asked).
const STARTS = "#start, #guide-start, #daily-start";
function waitForPython(waiting) {
  document.querySelectorAll(STARTS).forEach(function (button) { button.disabled = waiting; });
}
function pressedEarly(event) {
  const button = event.target.closest(STARTS);
  if (!button || hooks.ready) return;
  hooks.pending = button.id;
  waitForPython(true);
  const waiting = byId("setup-loading");
  if (waiting) waiting.textContent = text.starting || "";
  addEventListener("py:done", function () { waitForPython(false); }, { once: true });
}
if (!panelBeforePython) preload();
if (panelBeforePython) {
  Promise.all([fetch("./web/texts/" + textsName + ".json"), fetch("./web/setup.json")])
    .then(function (answers) { return Promise.all(answers.map(answered)); })
    .then(drawPanel)
    .catch(function () { /* Python draws the panel when it is ready */ })
    .then(function () { requestAnimationFrame(function () { setTimeout(preload, 0); }); }); // once painted
  byId("setup").addEventListener("click", pressedEarly);
}

// ---------------------------------------------------------------- PyScript
// A file of PyScript that fails to arrive (a network that drops a request) is asked for again, twice,
// before the page says the game's files could not be loaded (the browser keeps no failed import).
const CORE_TRIES = 3, CORE_RETRY_MS = 1000;
let started = false;
function importCore(tries) {
  import(site + "vendor/pyscript/core.js").catch(function (error) {
    if (tries > 1 && !failed) setTimeout(function () { importCore(tries - 1); }, CORE_RETRY_MS);
    else fail(String(error));
  });
}
function startPython() {
  if (started) return;
  started = true;
  show(1, 50);
  importCore(CORE_TRIES);
}

startPython(); // at once, whether a worker is in charge or not (web/offline.js)
offline.start();

