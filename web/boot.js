// Start-up of the page, before Python: the loading progress, the service worker, then PyScript.
//
// On a first visit the page waits until the service worker has stored the whole game (Pyodide
// included) and controls the page, and only then loads PyScript, so that every file is fetched
// once. Later visits start at once from the worker's cache. When a new build is installed in the
// background, the page offers to reload into it (#update-banner).
//
// It also keeps the start safe: stored values that Python could not parse safely are set aside,
// messages from other windows are kept from PyScript, a frame that may not store anything starts
// without storage and service worker (and says so), and a failed start shows what to do, with
// buttons that do it (#startup-error).
(function () {
  "use strict";
  var root = document.documentElement;
  // Read by the page benchmark: "level:milliseconds" per computer move; "review" or "duplicate":
  // total milliseconds:longest step in milliseconds, per move review and per daily duplicate deal.
  window.pasurMetrics = { ai: [], coach: [] };
  var query = new URLSearchParams(location.search);
  var site = new URL("..", document.currentScript.src).href; // the site's root (this file is in web/)
  var embed = query.get("embed") === "1" || query.has("demo");
  var texts = {
    en: { reload: "Reload", loading: "Loading the game…", steps: ["Downloading the game…", "Starting Python…", "Setting up the table…"],
          failed_files: "The game's files could not be loaded.", failed_app: "The game could not start.",
          advice_offline: "The copy of the game kept on this device for offline play may be damaged: download the game again. Your saved game and settings are kept.",
          advice_saved: "The saved game may be what stops it: start without it. It is kept aside, not deleted.",
          advice_network: "Check the connection, then reload the page.", advice_reload: "Reload the page to try again.",
          offline_button: "Download the game again", saved_button: "Start without the saved game",
          set_aside: "Could not read {what} ({reason}): set aside as {name}, the game starts without it.",
          what: { settings: "the saved settings", stats: "the statistics", match: "the saved game" },
          reasons: { long: "too long", deep: "nested too deeply" },
          no_storage: "This page may not store anything here: the game will not be saved and cannot be kept for offline play.",
          dismiss: "Dismiss" },
    fa: { reload: "بارگذاری دوباره", loading: "در حال بارگذاری بازی…", steps: ["در حال دریافت بازی…", "در حال اجرای پایتون…", "در حال چیدن زمین…"],
          failed_files: "پرونده‌های بازی بارگیری نشد.", failed_app: "بازی اجرا نشد.",
          advice_offline: "نسخه‌ای از بازی که برای بازی آفلاین روی این دستگاه نگه داشته شده شاید خراب باشد: بازی را دوباره دریافت کنید. بازی ذخیره‌شده و تنظیمات می‌مانند.",
          advice_saved: "شاید بازی ذخیره‌شده مانع اجرا باشد: بدون آن شروع کنید. کنار گذاشته می‌شود، پاک نمی‌شود.",
          advice_network: "اتصال را بررسی کنید و سپس صفحه را دوباره بارگذاری کنید.", advice_reload: "برای تلاش دوباره، صفحه را دوباره بارگذاری کنید.",
          offline_button: "دریافت دوبارهٔ بازی", saved_button: "شروع بدون بازی ذخیره‌شده",
          set_aside: "{what} خوانده نشد ({reason}): با نام {name} کنار گذاشته شد و بازی بدون آن شروع می‌شود.",
          what: { settings: "تنظیمات ذخیره‌شده", stats: "آمار", match: "بازی ذخیره‌شده" },
          reasons: { long: "بیش از حد طولانی", deep: "بیش از حد تودرتو" },
          no_storage: "این صفحه اجازه ندارد اینجا چیزی ذخیره کند: بازی ذخیره نمی‌شود و برای بازی آفلاین نگه داشته نمی‌شود.",
          dismiss: "بستن" },
    fr: { reload: "Recharger", loading: "Chargement du jeu…", steps: ["Téléchargement du jeu…", "Démarrage de Python…", "Ouverture de la table…"],
          failed_files: "Les fichiers du jeu n'ont pas pu être chargés.", failed_app: "Le jeu n'a pas pu démarrer.",
          advice_offline: "La copie du jeu gardée sur cet appareil pour jouer hors ligne est peut-être abîmée : téléchargez de nouveau le jeu. La partie enregistrée et les réglages sont conservés.",
          advice_saved: "La partie enregistrée empêche peut-être le démarrage : démarrez sans elle. Elle est mise de côté, pas effacée.",
          advice_network: "Vérifiez la connexion, puis rechargez la page.", advice_reload: "Rechargez la page pour réessayer.",
          offline_button: "Télécharger de nouveau le jeu", saved_button: "Démarrer sans la partie enregistrée",
          set_aside: "Impossible de lire {what} ({reason}) : mis de côté sous {name}, le jeu démarre sans.",
          what: { settings: "les réglages enregistrés", stats: "les statistiques", match: "la partie enregistrée" },
          reasons: { long: "trop long", deep: "trop imbriqué" },
          no_storage: "Cette page ne peut rien enregistrer ici : la partie ne sera pas sauvegardée et le jeu ne pourra pas être gardé pour jouer hors ligne.",
          dismiss: "Fermer" },
    it: { reload: "Ricarica", loading: "Caricamento del gioco…", steps: ["Scaricamento del gioco…", "Avvio di Python…", "Preparazione del tavolo…"],
          failed_files: "Non è stato possibile caricare i file del gioco.", failed_app: "Il gioco non è riuscito ad avviarsi.",
          advice_offline: "La copia del gioco conservata su questo dispositivo per giocare offline potrebbe essere danneggiata: scarica di nuovo il gioco. La partita salvata e le impostazioni restano.",
          advice_saved: "Forse è la partita salvata a impedire l'avvio: avvia senza. Viene messa da parte, non cancellata.",
          advice_network: "Controlla la connessione, poi ricarica la pagina.", advice_reload: "Ricarica la pagina per riprovare.",
          offline_button: "Scarica di nuovo il gioco", saved_button: "Avvia senza la partita salvata",
          set_aside: "Impossibile leggere {what} ({reason}): messo da parte come {name}, il gioco parte senza.",
          what: { settings: "le impostazioni salvate", stats: "le statistiche", match: "la partita salvata" },
          reasons: { long: "troppo lungo", deep: "annidato troppo in profondità" },
          no_storage: "Questa pagina non può salvare nulla qui: la partita non verrà salvata e il gioco non potrà essere conservato per giocare offline.",
          dismiss: "Chiudi" },
    nl: { reload: "Opnieuw laden", loading: "Het spel wordt geladen…", steps: ["Het spel downloaden…", "Python starten…", "De tafel klaarzetten…"],
          failed_files: "De bestanden van het spel konden niet worden geladen.", failed_app: "Het spel kon niet starten.",
          advice_offline: "De kopie van het spel die op dit apparaat bewaard wordt om offline te spelen, is misschien beschadigd: download het spel opnieuw. Je opgeslagen spel en instellingen blijven bewaard.",
          advice_saved: "Misschien houdt het opgeslagen spel de start tegen: start zonder. Het wordt apart gezet, niet gewist.",
          advice_network: "Controleer de verbinding en laad de pagina dan opnieuw.", advice_reload: "Laad de pagina opnieuw om het nog eens te proberen.",
          offline_button: "Het spel opnieuw downloaden", saved_button: "Starten zonder het opgeslagen spel",
          set_aside: "Kon {what} niet lezen ({reason}): apart gezet als {name}, het spel start zonder.",
          what: { settings: "de opgeslagen instellingen", stats: "de statistieken", match: "het opgeslagen spel" },
          reasons: { long: "te lang", deep: "te diep genest" },
          no_storage: "Deze pagina mag hier niets opslaan: het spel wordt niet bewaard en kan niet offline gespeeld worden.",
          dismiss: "Sluiten" },
    es: { reload: "Recargar", loading: "Cargando el juego…", steps: ["Descargando el juego…", "Iniciando Python…", "Preparando la mesa…"],
          failed_files: "No se pudieron cargar los archivos del juego.", failed_app: "El juego no pudo arrancar.",
          advice_offline: "La copia del juego guardada en este dispositivo para jugar sin conexión puede estar dañada: descarga el juego de nuevo. La partida guardada y los ajustes se conservan.",
          advice_saved: "Puede que la partida guardada impida el arranque: empieza sin ella. Se aparta, no se borra.",
          advice_network: "Comprueba la conexión y vuelve a cargar la página.", advice_reload: "Recarga la página para intentarlo de nuevo.",
          offline_button: "Descargar el juego de nuevo", saved_button: "Empezar sin la partida guardada",
          set_aside: "No se pudo leer {what} ({reason}): se apartó como {name} y el juego empieza sin ello.",
          what: { settings: "los ajustes guardados", stats: "las estadísticas", match: "la partida guardada" },
          reasons: { long: "demasiado largo", deep: "anidado demasiado hondo" },
          no_storage: "Esta página no puede guardar nada aquí: la partida no se guardará y el juego no podrá conservarse para jugar sin conexión.",
          dismiss: "Cerrar" }
  };

  // Messages from other windows (an embedding page, a pop-up) are not for the game. They never
  // reach the listeners of PyScript and Pyodide, which take some messages for their own and throw.
  addEventListener("message", function (event) {
    if (event.source !== window) event.stopImmediatePropagation();
  }, true);

  // Local storage, if this page may use it (a frame sandboxed without allow-same-origin may not).
  var storage = null;
  try {
    storage = window.localStorage;
    storage.getItem("pasur.settings");
  } catch (error) {
    storage = null;
  }
  if (!storage) {
    // PyScript keeps a cache in IndexedDB and cannot start without one; where the page may not
    // use storage, it gets one in memory, for this visit only.
    try { Object.defineProperty(window, "indexedDB", { value: memoryIndexedDB(), configurable: true }); } catch (error) { /* as it is */ }
  }
  function memoryIndexedDB() {
    // The part of IndexedDB that PyScript's cache uses: one database, object stores of key and value.
    function answer(result, request) {
      request = request || {};
      setTimeout(function () {
        request.result = result;
        if (request.onsuccess) request.onsuccess({ type: "success", target: request });
      }, 0);
      return request;
    }
    var stores = {};
    function objectStore(name) {
      var map = stores[name];
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
    var names = [];
    var database = {
      objectStoreNames: names,
      createObjectStore: function (name) { stores[name] = stores[name] || new Map(); names.push(name); return objectStore(name); },
      transaction: function () { return { objectStore: objectStore }; },
      close: function () {}
    };
    return {
      open: function () {
        var request = {};
        setTimeout(function () {
          if (names.length || !request.onupgradeneeded) return answer(database, request);
          var upgrade = {};
          request.result = database;
          request.transaction = upgrade;
          request.onupgradeneeded({ type: "upgradeneeded", target: request });
          setTimeout(function () { if (upgrade.oncomplete) upgrade.oncomplete({ type: "complete" }); }, 0);
        }, 0);
        return request;
      }
    };
  }
  function stored(key) {
    try { return storage ? storage.getItem(key) : null; } catch (error) { return null; }
  }
  function setAside(key) {
    // Kept under "<key>.unreadable" (removed first, so that a value filling the storage fits again).
    var value = stored(key);
    if (value === null) return;
    try {
      storage.removeItem(key);
      storage.setItem(key + ".unreadable", value);
    } catch (error) { /* the value is gone; nothing else to do */ }
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
        if (depth > deepest) deepest = depth;
      } else if (c === 93 || c === 125) {
        depth--;
      }
    }
    return deepest;
  }
  // key: [what it is, most characters, deepest nesting]. A saved game's size is checked by Python.
  var limits = {
    "pasur.settings": ["settings", 65536, 16], "pasur.stats": ["stats", 65536, 16],
    "pasur.match": ["match", Infinity, 32], "pasur.embed.match": ["match", Infinity, 32]
  };
  var setAsideNotices = [];
  Object.keys(limits).forEach(function (key) {
    var value = stored(key), limit = limits[key];
    if (value === null) return;
    var reason = value.length > limit[1] ? "long" : nesting(value) > limit[2] ? "deep" : null;
    if (!reason) return;
    setAside(key);
    setAsideNotices.push({ what: limit[0], reason: reason, key: key });
  });

  // The language as the game will choose it: ?lang=, else the saved setting, else the browser's.
  var saved = null, persianDigits = true;
  try {
    var settings = JSON.parse(stored("pasur.settings") || "{}");
    saved = settings.lang;
    persianDigits = settings.persian_digits !== false;
  } catch (error) { saved = null; }
  var wanted = [query.get("lang"), saved].concat(navigator.languages || [navigator.language || "en"]);
  var lang = "en";
  for (var i = 0; i < wanted.length; i++) {
    var code = String(wanted[i] || "").slice(0, 2).toLowerCase();
    if (texts[code]) { lang = code; break; }
  }
  var text = texts[lang];
  root.setAttribute("lang", lang);
  root.setAttribute("dir", lang === "fa" ? "rtl" : "ltr");
  var byId = function (id) { return document.getElementById(id); };
  if (embed) root.classList.add("embed");
  byId("loading-text").textContent = text.loading;
  byId("startup-error-reload").textContent = text.reload;
  byId("startup-error-offline").textContent = text.offline_button;
  byId("startup-error-saved").textContent = text.saved_button;

  var container = null; // the service workers, where this page may have one
  try {
    if ("serviceWorker" in navigator && location.protocol !== "file:") container = navigator.serviceWorker;
  } catch (error) {
    container = null; // a sandboxed frame: reading navigator.serviceWorker throws
  }

  // Notices shown once the game is ready (the game's Python empties the list of notices as it starts).
  function isolate(value) { return "\u2068" + value + "\u2069"; }
  var notices = setAsideNotices.map(function (item) {
    return text.set_aside.replace("{what}", text.what[item.what]).replace("{reason}", text.reasons[item.reason])
      .replace("{name}", isolate(item.key + ".unreadable"));
  });
  if (!storage) notices.push(text.no_storage);
  function showNotices() {
    notices.splice(0).forEach(function (message) {
      // The same markup as the game's own notices (web/pasur_web/chrome.py, add_notice).
      var notice = document.createElement("p");
      notice.className = "notice boot-notice";
      var words = document.createElement("span");
      words.textContent = message;
      var close = document.createElement("button");
      close.type = "button";
      close.className = "notice-close";
      close.setAttribute("data-action", "dismiss");
      close.setAttribute("aria-label", text.dismiss);
      close.textContent = "×";
      close.addEventListener("click", function () { notice.remove(); });
      notice.appendChild(words);
      notice.appendChild(close);
      byId("notices").appendChild(notice);
    });
  }

  var bar = byId("loading-bar"), step = byId("loading-step");
  function show(index, percent) {
    if (root.hasAttribute("data-ready")) return;
    step.textContent = text.steps[index];
    bar.style.width = percent + "%";
    var waiting = byId("setup-loading"); // the progress, under the new-game panel's Start button
    if (waiting && !window.pasurPending) waiting.textContent = text.steps[index];
  }
  show(0, 5);
  addEventListener("py:progress", function () { show(1, 60); });
  addEventListener("py:ready", function () { show(1, 75); });
  addEventListener("py:done", function () { show(2, 100); });

  // The start-up error: what failed, what to do about it, and buttons that do it.
  var saveKey = embed ? "pasur.embed.match" : "pasur.match";
  var failed = false;
  function offerRemedies(kind) {
    // kind: "files" (the game's files could not be loaded) or "app" (the game's Python failed).
    failed = true;
    var hasSave = kind === "app" && stored(saveKey) !== null;
    // Downloading the game again deletes the offline copy first: never while offline, when it
    // could not be downloaded (a reload once online repairs a damaged file as well).
    var hasCopy = !!(container && container.controller) && navigator.onLine !== false;
    var advice = [];
    if (hasSave) advice.push(text.advice_saved);
    if (hasCopy) advice.push(text.advice_offline);
    if (!advice.length) advice.push(kind === "files" ? text.advice_network : text.advice_reload);
    byId("startup-error-text").textContent = kind === "files" ? text.failed_files : text.failed_app;
    byId("startup-error-advice").textContent = advice.join(" ");
    byId("startup-error-saved").hidden = !hasSave;
    byId("startup-error-offline").hidden = !hasCopy;
    var first = hasSave ? "startup-error-saved" : hasCopy ? "startup-error-offline" : "startup-error-reload";
    ["startup-error-saved", "startup-error-offline", "startup-error-reload"].forEach(function (id) {
      byId(id).className = id === first ? "primary" : "secondary";
    });
  }
  function fail(message, kind) {
    if (failed || root.hasAttribute("data-ready")) return;
    root.setAttribute("data-error", "");
    byId("loading").hidden = true;
    // The last line says what went wrong (a Python traceback ends with the exception).
    var lines = String(message || "").split("\n").filter(function (line) { return line.trim(); });
    byId("startup-error-detail").textContent = (lines.pop() || "").trim().slice(0, 300);
    offerRemedies(kind || "files");
    byId("startup-error").hidden = false;
  }
  function leave(work) {
    // Does what a button offers, then loads the page again.
    document.querySelectorAll("#startup-error button").forEach(function (button) { button.disabled = true; });
    Promise.resolve().then(work).catch(function () { /* reload all the same */ }).then(function () {
      location.reload();
    });
  }
  byId("startup-error-reload").addEventListener("click", function () { leave(null); });
  byId("startup-error-saved").addEventListener("click", function () { leave(function () { setAside(saveKey); }); });
  byId("startup-error-offline").addEventListener("click", function () {
    // The offline copy goes: this page's service worker and every cache of the game (not if the
    // connection went meanwhile: then only the reload).
    leave(navigator.onLine === false ? null : function () {
      return Promise.all([
        container.getRegistration("./").then(function (registration) { return registration && registration.unregister(); }),
        caches.keys().then(function (names) {
          return Promise.all(names.filter(function (name) { return name.indexOf("pasur-") === 0; })
            .map(function (name) { return caches.delete(name); }));
        })
      ]);
    });
  });
  // Only the start-up's own failures are fatal: an error in the site's own scripts, a failing
  // promise while PyScript loads, Python's errors. Errors from elsewhere (a browser extension's
  // script) do not stop the start, nor can other windows' messages cause any (see above).
  addEventListener("error", function (event) {
    if (String(event.filename || "").indexOf(site) === 0) fail(event.message);
  });
  addEventListener("unhandledrejection", function (event) { fail(String(event.reason)); });
  new MutationObserver(function () {
    var error = document.querySelector(".py-error");
    if (error) fail(error.textContent, "app");
  }).observe(document.body, { childList: true, subtree: true });
  new MutationObserver(function () {
    if (root.hasAttribute("data-ready")) showNotices();
    // web/main.py shows the game's own start-up error itself: add the remedies.
    if (root.hasAttribute("data-error") && !failed) offerRemedies("app");
  }).observe(root, { attributes: true, attributeFilter: ["data-ready", "data-error"] });

  // Install prompt: offered from the settings in the full game, never inside an embed.
  addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();
    if (!embed) window.pasurInstall = event;
    root.toggleAttribute("data-installable", !embed);
  });

  // The new-game panel at once, while Python loads (web/setup.js), unless the page is about to
  // show something else: a game from the address, a saved game, a demo.
  var gameKeys = ["players", "preset", "target", "seed", "ai", "demo"];
  var shell = stored(saveKey) === null && !gameKeys.some(function (key) { return query.has(key); }) && window.pasurSetup;
  // What the start-up needs, fetched before PyScript and Pyodide ask for it one file after the
  // other (links written by tools/build.py): at once, or once the new-game panel is drawn.
  function preload() {
    var links = byId("preloads");
    if (links && links.content) document.head.appendChild(links.content);
  }
  if (!shell) preload();
  if (shell) {
    Promise.all([fetch("./web/i18n/" + lang + ".json"), fetch("./web/setup.json")]).then(function (answers) {
      return Promise.all(answers.map(function (answer) {
        if (!answer.ok) throw new Error(answer.url + ": HTTP " + answer.status);
        return answer.json();
      }));
    }).then(function (loaded) {
      if (root.hasAttribute("data-ready") || root.getAttribute("data-phase") !== "loading") return;
      var catalog = loaded[0];
      loaded[1].native_digits = lang === "fa" && persianDigits; // as the game shows numbers
      window.pasurSetup.renderObjects(catalog, loaded[1]);
      document.querySelectorAll("[data-i18n]").forEach(function (element) {
        var key = element.getAttribute("data-i18n");
        if (catalog[key]) element.textContent = catalog[key];
      });
      text.starting = catalog.starting;
      root.setAttribute("data-phase", "setup");
      show(started ? 1 : 0, 50);
    }).catch(function () { /* Python draws the panel when it is ready */ }).then(function () {
      requestAnimationFrame(function () { setTimeout(preload, 0); }); // once the panel is painted
    });
    // Start (or the guided deal) pressed before Python is ready: remembered, done when it is.
    byId("setup").addEventListener("click", function (event) {
      var button = event.target.closest("#start, #guide-start, #daily-start");
      if (!button || window.pasurReady) return;
      window.pasurPending = button.id;
      document.querySelectorAll("#start, #guide-start, #daily-start").forEach(function (other) { other.disabled = true; });
      var waiting = byId("setup-loading");
      if (waiting) waiting.textContent = text.starting || "";
    });
  }

  var started = false;
  function startPython() {
    if (started) return;
    started = true;
    show(1, 50);
    import(site + "vendor/pyscript/core.js").catch(function (error) { fail(String(error)); });
  }

  function offerUpdate(worker) {
    var banner = byId("update-banner");
    root.setAttribute("data-update-ready", "");
    banner.hidden = false;
    byId("update-reload").onclick = function () {
      byId("update-reload").disabled = true;
      container.addEventListener("controllerchange", function () { location.reload(); });
      worker.postMessage("skip-waiting");
    };
  }

  function watch(registration) {
    if (registration.waiting && container.controller) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed" && container.controller) offerUpdate(worker);
      });
    });
  }

  if (!container) {
    startPython();
    return;
  }
  container.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type === "offline-ready" && data.build === root.getAttribute("data-build")) {
      root.setAttribute("data-offline-ready", "");
    }
  });
  // Once the game is ready, the worker stores the files the game did not fetch (or checks that
  // its cache is complete), and then says the game can be played offline.
  function completeCache() {
    if (container.controller) container.controller.postMessage("complete");
  }
  addEventListener("py:done", function () { setTimeout(completeCache, 0); });
  // Python starts at once, whether a worker is in charge or not: on a first visit the worker
  // takes over while Python loads, and takes what the page fetched before from the browser's cache.
  startPython();
  if (!container.controller) {
    container.addEventListener("controllerchange", function () {
      if (window.pasurReady) completeCache();
    });
  }
  container.register("./sw.js").then(function (registration) {
    watch(registration);
    if (container.controller) {
      setInterval(function () { registration.update().catch(function () {}); }, 30 * 60 * 1000);
    }
  }).catch(function () {});
})();
