// The page's storage before Python: whether it may store anything, and an IndexedDB in memory for
// PyScript where it may not. web/boot.js reads through it, and asks the game's Python to set a save
// aside when the player starts without it. The keys come from web/generated.js.
import { facts } from "./generated.js";

let storage = null; // local storage, if this page may use it (a sandboxed frame may not)
try {
  storage = window.localStorage;
  storage.getItem(facts.keys.settings);
} catch (error) {
  storage = null;
}

// The part of IndexedDB that PyScript's cache uses (one database, object stores of key and value),
// in memory: PyScript cannot start without it, and a page that may not store anything has none.
function later(request, result) {
  setTimeout(function () {
    request.result = result;
    if (request.onsuccess) request.onsuccess({ type: "success", target: request });
  }, 0);
  return request;
}
function memoryStore(map) {
  const answer = function (result) { return later({}, result); };
  return {
    count: function () { return answer(map.size); },
    clear: function () { map.clear(); return answer(undefined); },
    "delete": function (key) { map["delete"](key); return answer(undefined); },
    get: function (key) { return answer(map.get(key)); },
    getKey: function (key) { return answer(map.has(key) ? key : undefined); },
    getAllKeys: function () { return answer(Array.from(map.keys())); },
    put: function (value, key) { map.set(key, value); return answer(key); }
  };
}
function memoryDatabase() {
  const stores = {}, names = [];
  return {
    objectStoreNames: names,
    createObjectStore: function (name) {
      stores[name] = stores[name] || new Map();
      names.push(name);
      return memoryStore(stores[name]);
    },
    transaction: function () { return { objectStore: function (name) { return memoryStore(stores[name]); } }; },
    close: function () {}
  };
}
function openMemory(database, request) {
  if (database.objectStoreNames.length || !request.onupgradeneeded) return later(request, database);
  const upgrade = {};
  request.result = database;
  request.transaction = upgrade;
  request.onupgradeneeded({ type: "upgradeneeded", target: request });
  setTimeout(function () { if (upgrade.oncomplete) upgrade.oncomplete({ type: "complete" }); }, 0);
  return request;
}
if (!storage) {
  const database = memoryDatabase();
  const memoryIndexedDB = {
    open: function () {
      const request = {};
      setTimeout(function () { openMemory(database, request); }, 0);
      return request;
    }
  };
  try { Object.defineProperty(window, "indexedDB", { value: memoryIndexedDB, configurable: true }); } catch (error) { /* as it is */ }
}

export function stored(key) {
  try { return storage ? storage.getItem(key) : null; } catch (error) { return null; }
}
// "Start without the saved game" (web/boot.js): the game's Python sets that save aside as it starts
// (web/pasur_web/model/storage.py), before it reads anything.
export function askToSetAside(key) {
  try { storage.setItem(facts.keys.setAsideAsked, key); } catch (error) { /* nothing stored: nothing to set aside */ }
}
