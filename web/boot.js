// Start-up of the page, before Python: the loading progress, the service worker, then PyScript.
//
// On a first visit the page waits until the service worker has stored the whole game (Pyodide
// included) and controls the page, and only then loads PyScript, so that every file is fetched
// once. Later visits start at once from the worker's cache. When a new build is installed in the
// background, the page offers to reload into it (#update-banner).
(function () {
  "use strict";
  var root = document.documentElement;
  window.pasurMetrics = { ai: [] }; // "level:milliseconds" per computer move, read by the page benchmark
  var query = new URLSearchParams(location.search);
  var embed = query.get("embed") === "1" || query.has("demo");
  var texts = {
    en: { reload: "Reload", loading: "Loading the game…", steps: ["Downloading the game…", "Starting Python…", "Setting up the table…"],
          failed: "The game could not start. Reloading the page usually fixes this." },
    fa: { reload: "بارگذاری دوباره", loading: "در حال بارگذاری بازی…", steps: ["در حال دریافت بازی…", "در حال اجرای پایتون…", "در حال چیدن زمین…"],
          failed: "بازی اجرا نشد. معمولاً بارگذاری دوبارهٔ صفحه مشکل را حل می‌کند." },
    fr: { reload: "Recharger", loading: "Chargement du jeu…", steps: ["Téléchargement du jeu…", "Démarrage de Python…", "Ouverture de la table…"],
          failed: "Le jeu n'a pas pu démarrer. Recharger la page règle en général le problème." },
    it: { reload: "Ricarica", loading: "Caricamento del gioco…", steps: ["Scaricamento del gioco…", "Avvio di Python…", "Preparazione del tavolo…"],
          failed: "Il gioco non è riuscito ad avviarsi. Di solito basta ricaricare la pagina." },
    nl: { reload: "Opnieuw laden", loading: "Het spel wordt geladen…", steps: ["Het spel downloaden…", "Python starten…", "De tafel klaarzetten…"],
          failed: "Het spel kon niet starten. De pagina opnieuw laden helpt meestal." },
    es: { reload: "Recargar", loading: "Cargando el juego…", steps: ["Descargando el juego…", "Iniciando Python…", "Preparando la mesa…"],
          failed: "El juego no pudo arrancar. Recargar la página suele arreglarlo." }
  };
  // The language as the game will choose it: ?lang=, else the saved setting, else the browser's.
  var saved = null, persianDigits = true;
  try {
    var settings = JSON.parse(localStorage.getItem("pasur.settings") || "{}");
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
  byId("startup-error-text").textContent = text.failed;
  byId("startup-error-reload").textContent = text.reload;

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

  function fail(message) {
    if (root.hasAttribute("data-ready")) return;
    root.setAttribute("data-error", "");
    byId("loading").hidden = true;
    byId("startup-error-detail").textContent = message || "";
    byId("startup-error").hidden = false;
  }
  addEventListener("error", function (event) { fail(event.message); });
  addEventListener("unhandledrejection", function (event) { fail(String(event.reason)); });
  new MutationObserver(function () {
    var error = document.querySelector(".py-error");
    if (error) fail((error.textContent || "").trim().split("\n").pop());
  }).observe(document.body, { childList: true, subtree: true });

  // Install prompt: offered from the settings in the full game, never inside an embed.
  addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();
    if (!embed) window.pasurInstall = event;
    root.toggleAttribute("data-installable", !embed);
  });

  // The new-game panel at once, while Python loads (web/setup.js), unless the page is about to
  // show something else: a game from the address, a saved game, a demo.
  var gameKeys = ["players", "preset", "target", "seed", "ai", "demo"];
  var saveKey = embed ? "pasur.embed.match" : "pasur.match";
  var savedGame = null;
  try { savedGame = localStorage.getItem(saveKey); } catch (error) { savedGame = null; }
  var shell = !savedGame && !gameKeys.some(function (key) { return query.has(key); }) && window.pasurSetup;
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
    }).catch(function () { /* Python draws the panel when it is ready */ });
    // Start (or the guided deal) pressed before Python is ready: remembered, done when it is.
    byId("setup").addEventListener("click", function (event) {
      var button = event.target.closest("#start, #guide-start");
      if (!button || window.pasurReady) return;
      window.pasurPending = button.id;
      document.querySelectorAll("#start, #guide-start").forEach(function (other) { other.disabled = true; });
      var waiting = byId("setup-loading");
      if (waiting) waiting.textContent = text.starting || "";
    });
  }

  var started = false;
  function startPython() {
    if (started) return;
    started = true;
    show(1, 50);
    import("../vendor/pyscript/core.js").catch(function (error) { fail(String(error)); });
  }

  function offerUpdate(worker) {
    var banner = byId("update-banner");
    root.setAttribute("data-update-ready", "");
    banner.hidden = false;
    byId("update-reload").onclick = function () {
      byId("update-reload").disabled = true;
      navigator.serviceWorker.addEventListener("controllerchange", function () { location.reload(); });
      worker.postMessage("skip-waiting");
    };
  }

  function watch(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
        if (worker.state === "redundant" && !navigator.serviceWorker.controller) startPython();
      });
    });
  }

  if (!("serviceWorker" in navigator) || location.protocol === "file:") {
    startPython();
    return;
  }
  var container = navigator.serviceWorker;
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
  if (container.controller) {
    startPython();
  } else {
    container.addEventListener("controllerchange", function () {
      startPython();
      if (window.pasurReady) completeCache();
    });
  }
  // If the worker does not take over soon (blocked storage, a failing install), start without it.
  setTimeout(startPython, 10000);
  container.register("./sw.js").then(function (registration) {
    watch(registration);
    if (container.controller) {
      setInterval(function () { registration.update().catch(function () {}); }, 30 * 60 * 1000);
    }
  }).catch(function () { startPython(); });
})();
