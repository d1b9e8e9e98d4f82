// The page's storage before Python: whether it may store anything, an IndexedDB in memory for
// PyScript where it may not, and the stored values that the game's Python could not read safely,
// set aside before anything reads them (Python says so once it is ready: window.pasurBootNotices).
// web/boot.js reads and sets aside through window.pasurStorage. The keys and limits come from
// web/generated.js.
(function () {
  "use strict";
  var facts = window.pasurGenerated;
  if (!facts) return; // web/generated.js did not arrive: index.html's own note says the game could not load
  var storage = null; // local storage, if this page may use it (a sandboxed frame may not)
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
    var answer = function (result) { return later({}, result); };
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
    var stores = {}, names = [];
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
    var upgrade = {};
    request.result = database;
    request.transaction = upgrade;
    request.onupgradeneeded({ type: "upgradeneeded", target: request });
    setTimeout(function () { if (upgrade.oncomplete) upgrade.oncomplete({ type: "complete" }); }, 0);
    return request;
  }
  if (!storage) {
    var database = memoryDatabase();
    var memoryIndexedDB = {
      open: function () {
        var request = {};
        setTimeout(function () { openMemory(database, request); }, 0);
        return request;
      }
    };
    try { Object.defineProperty(window, "indexedDB", { value: memoryIndexedDB, configurable: true }); } catch (error) { /* as it is */ }
  }

  function stored(key) {
    try { return storage ? storage.getItem(key) : null; } catch (error) { return null; }
  }
  // Kept under the first free "<key>.unreadable" (then ".2", ...), never over another one; when all
  // are taken, the oldest goes and the others move up one place, as in the game's Python (model/storage.py
  // says why). Removed first when the copy does not fit, so that a value filling the storage fits
  // again, and put back when it still does not. Returns where it went, or null.
  function asideNames(key) {
    var names = [];
    for (var n = 1; n <= facts.keys.maxAside; n++) names.push(key + facts.keys.unreadable + (n > 1 ? "." + n : ""));
    return names;
  }
  function dropOldest(names) {
    for (var i = 0; i + 1 < names.length; i++) {
      var value = stored(names[i + 1]);
      try {
        if (value === null) throw new Error("moved meanwhile");
        storage.setItem(names[i], value);
      } catch (error) {
        storage.removeItem(names[i]); // its copy is in the place before (or it is the oldest)
        return names[i];
      }
    }
    storage.removeItem(names[names.length - 1]);
    return names[names.length - 1];
  }
  function setAside(key) {
    var value = stored(key);
    if (value === null) return null;
    var names = asideNames(key);
    var name = names.filter(function (candidate) { return stored(candidate) === null; })[0];
    try { name = name || dropOldest(names); } catch (error) { return null; }
    try { storage.setItem(name, value); storage.removeItem(key); return name; } catch (error) { /* full */ }
    try { storage.removeItem(key); storage.setItem(name, value); return name; } catch (error) { /* still full */ }
    try { storage.setItem(key, value); } catch (error) { /* gone: nothing else to do */ }
    return null;
  }

  // Stored values that the game's Python could not parse safely (too long, or nested deep enough to
  // exhaust the stack) are set aside before anything reads them; the game says so once it is ready.
  function nesting(text) {
    var depth = 0, deepest = 0, inString = false;
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i);
      if (inString) {
        if (c === 92) i++; // a backslash: skip the escaped character
        else if (c === 34) inString = false;
      } else if (c === 34) {
        inString = true;
      } else if (c === 91 || c === 123) {
        depth++;
        deepest = Math.max(depth, deepest);
      } else if (c === 93 || c === 125) {
        depth--;
      }
    }
    return deepest;
  }
  window.pasurBootNotices = [];
  Object.keys(facts.stored).forEach(function (key) {
    var value = stored(key), limit = facts.stored[key];
    if (value === null) return;
    var reason = value.length > limit[1] ? "long" : nesting(value) > limit[2] ? "deep" : null;
    if (!reason) return;
    var name = setAside(key);
    // Not set aside (the storage is full): the game's Python refuses it as safely, and says so.
    if (name) window.pasurBootNotices.push({ what: limit[0], reason: reason, name: name });
  });

  window.pasurStorage = { stored: stored, setAside: setAside };
})();
