// The cards' motion (FLIP with the Web Animations API), and the table's card size.
// The game's Python calls window.pasurMotion.measure() before it redraws the board and
// window.pasurMotion.animate(plan) after (plan from web/pasur_web/motion.py): each card is found
// again by its key (data-card, or data-back for a card back) and flies from where it was to where
// it is; a card that has left the board (taken) flies as a ghost to its pile; a card that was not
// shown comes from the place the plan names (the stock, a player's seat). The DOM is never
// changed by the motion, only animated; the ghosts live in a layer of their own.
// A plan of 0 ms, or prefers-reduced-motion: reduce, moves nothing (no Animation at all).
// A click or a key press during a motion finishes it at once (the click itself goes on as usual,
// even on a card that the finished motion moved away from the pointer).
(function () {
  "use strict";
  var CARDS = "#opponents [data-back], #table [data-card], #hand [data-card]";
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var before = null; // key -> {rect, node}, measured before the redraw
  var running = new Set();
  var layer = null;

  function keyOf(node) {
    return node.hasAttribute("data-back") ? "back:" + node.getAttribute("data-back") : node.getAttribute("data-card");
  }

  function center(rect) {
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  }

  function place(selector) {
    var node = selector ? document.querySelector(selector) : null;
    if (!node) return null;
    var rect = node.getBoundingClientRect();
    return rect.width || rect.height ? rect : null;
  }

  function track(animation, done) {
    running.add(animation);
    animation.finished.then(function () {}, function () {}).then(function () {
      running.delete(animation);
      if (done) done();
    });
    return animation;
  }

  // The table keeps its size: its cards get smaller when they would not fit in it.
  function fit() {
    var table = document.getElementById("table");
    if (!table) return;
    table.style.removeProperty("--table-w");
    var cards = table.querySelectorAll(":scope > .card");
    var n = cards.length;
    if (!n) return;
    var style = getComputedStyle(table);
    var width = table.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    var height = table.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    var gap = parseFloat(style.columnGap) || 0;
    var full = cards[0].offsetWidth;
    var ratio = cards[0].offsetHeight / full || 1.4;
    var best = 0;
    for (var rows = 1; rows <= n; rows++) {
      var cols = Math.ceil(n / rows);
      var w = Math.min(full, (width - (cols - 1) * gap) / cols, (height - (rows - 1) * gap) / rows / ratio);
      best = Math.max(best, w);
    }
    if (best < full) table.style.setProperty("--table-w", Math.floor(best) + "px");
  }

  function still() {
    return !!(reduced && reduced.matches);
  }

  function measure() {
    before = new Map();
    document.querySelectorAll(CARDS).forEach(function (node) {
      var rect = node.getBoundingClientRect();
      if (rect.width) before.set(keyOf(node), { rect: rect, node: node });
    });
  }

  function ghostLayer() {
    if (!layer || !layer.isConnected) {
      layer = document.createElement("div");
      layer.id = "motion-layer";
      layer.setAttribute("aria-hidden", "true");
      layer.inert = true;
      document.body.appendChild(layer);
    }
    return layer;
  }

  // A card that left the board, drawn where it was, flying to its pile.
  function ghost(old, to, delay, ms, via) {
    var node = old.node;
    var rect = old.rect;
    node.classList.remove("taking", "last-laid");
    node.removeAttribute("data-card");
    node.removeAttribute("data-back");
    node.setAttribute("tabindex", "-1");
    node.style.setProperty("--w", rect.width + "px");
    node.style.left = rect.left + "px";
    node.style.top = rect.top + "px";
    node.classList.add("ghost");
    ghostLayer().appendChild(node);
    var from = center(rect);
    var end = center(to);
    var last = "translate(" + (end.x - from.x) + "px, " + (end.y - from.y) + "px) scale(0.35)";
    var frames = [{ transform: "none", opacity: 1, offset: 0 }];
    if (via) {
      var join = center(via);
      var there = "translate(" + (join.x - from.x) + "px, " + (join.y - from.y - 8) + "px)";
      frames.push({ transform: there, opacity: 1, offset: 0.4 }, { transform: there, opacity: 1, offset: 0.55 });
    } else if (ms > 0) {
      frames.push({ transform: "none", opacity: 1, offset: 0.55 });
    }
    frames.push({ transform: last, opacity: 0.2, offset: 1 });
    track(node.animate(frames, { duration: ms, delay: delay, easing: "ease-in-out", fill: "backwards" }),
      function () { node.remove(); });
  }

  function slide(node, from, to, delay, ms, fade) {
    var a = center(from);
    var b = center(to);
    var dx = a.x - b.x;
    var dy = a.y - b.y;
    var scale = Math.min(from.width / to.width, 1.5);
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(scale - 1) < 0.02) return;
    var first = { transform: "translate(" + dx + "px, " + dy + "px) scale(" + scale + ")", offset: 0 };
    if (fade) first.opacity = 0;
    track(node.animate([first], { duration: ms, delay: delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" }));
  }

  function celebrate(selector, text, delay, ms) {
    var pile = document.querySelector(selector);
    var rect = place(selector);
    if (!pile || !rect) return;
    var burst = document.createElement("div");
    burst.className = "sur-burst";
    burst.textContent = text;
    var box = ghostLayer();
    box.appendChild(burst);
    var c = center(rect);
    burst.style.left = c.x + "px";
    burst.style.top = c.y + "px";
    track(burst.animate([
      { transform: "translate(-50%, -50%) scale(0.5)", opacity: 0 },
      { transform: "translate(-50%, -90%) scale(1.3)", opacity: 1, offset: 0.25 },
      { transform: "translate(-50%, -110%) scale(1)", opacity: 1, offset: 0.75 },
      { transform: "translate(-50%, -140%) scale(1)", opacity: 0 },
    ], { duration: ms * 4, delay: delay, easing: "ease-out", fill: "backwards" }), function () { burst.remove(); });
    track(pile.animate([
      { transform: "scale(1)" }, { transform: "scale(1.35)", color: "#f5c451", offset: 0.3 }, { transform: "scale(1)" },
    ], { duration: ms * 3, delay: delay }));
  }

  function animate(plan) {
    if (typeof plan === "string") plan = JSON.parse(plan);
    fit();
    var old = before;
    before = null;
    var ms = plan ? plan.ms : 0;
    // No motion at all: the style sheet's transitions and animations stop too.
    document.documentElement.setAttribute("data-motion", ms && !still() ? "on" : "off");
    if (!old || !ms || still()) return;
    var enter = new Map((plan.enter || []).map(function (item) { return [item[0], item]; }));
    var exit = new Map((plan.exit || []).map(function (item) { return [item[0], item]; }));
    var seen = new Set();
    document.querySelectorAll(CARDS).forEach(function (node) {
      var key = keyOf(node);
      seen.add(key);
      var to = node.getBoundingClientRect();
      if (!to.width) return;
      var was = old.get(key);
      var come = enter.get(key);
      if (was && !(come && come[3])) { // a dealt card comes from the stock even if it was shown
        if (plan.slide) slide(node, was.rect, to, 0, ms, false);
      } else if (come) {
        var from = place(come[1]);
        if (from) {
          // From a seat or the stock the card starts small, as if it were far away.
          var start = { left: 0, top: 0, width: to.width * 0.5, height: to.height * 0.5 };
          var c = center(from);
          start.left = c.x - start.width / 2;
          start.top = c.y - start.height / 2;
          slide(node, start, to, come[2], ms, true);
        }
      }
    });
    var via = plan.via ? old.get(plan.via[1]) : null;
    old.forEach(function (was, key) {
      var leave = exit.get(key);
      if (seen.has(key) || !leave) return;
      var to = place(leave[1]);
      if (!to) return;
      var joins = plan.via && key === plan.via[0] && via ? via.rect : null;
      var long = plan.via && leave[2] === 0;
      ghost(was, to, leave[2], long ? Math.round(ms * 1.6) : ms, joins);
    });
    if (plan.sur) celebrate(plan.sur, plan.sur_text || "Sur!", Math.round(ms * 1.5), ms);
  }

  // Ours, and the style sheet's transitions (a seat's border when the turn passes).
  function finishAll() {
    var all = new Set(running);
    if (document.getAnimations) document.getAnimations().forEach(function (a) { all.add(a); });
    all.forEach(function (animation) {
      try { animation.finish(); } catch (error) { /* an endless animation (loading) goes on */ }
    });
  }

  // A card pressed while it moves jumps to its place when the motion finishes, away from the
  // pointer: the browser then sends the click to neither. The press still plays that card.
  var PRESSABLE = "#hand [data-card], #capture-choice [data-capture]";
  var pressed = null;

  function press(event) {
    var moving = running.size > 0;
    finishAll();
    var target = event.target && event.target.closest ? event.target.closest(PRESSABLE) : null;
    pressed = moving && event.button === 0 ? target : null;
  }

  function release(event) {
    var card = pressed;
    pressed = null;
    if (!card || !card.isConnected || card.disabled) return;
    var under = event.target && event.target.closest ? event.target.closest(PRESSABLE) : null;
    if (under !== card) card.click();
  }

  document.addEventListener("pointerdown", press, true);
  document.addEventListener("pointerup", release, true);
  document.addEventListener("pointercancel", function () { pressed = null; }, true);
  document.addEventListener("keydown", finishAll, true);
  window.addEventListener("resize", fit);
  window.pasurMotion = { measure: measure, animate: animate, fit: fit, finish: finishAll };
})();
