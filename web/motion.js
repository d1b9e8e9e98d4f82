// The cards' motion (FLIP with the Web Animations API), and the table's card size.
// web/draw.js calls window.pasurMotion.measure() before it redraws the board, measureAfter(plan) after
// it (plan from web/pasur_web/screens/motion.py), then animate() with what that read: each card is found
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
      // Let go of it: a finished motion left on a card would keep its next one (or its lift)
      // from the compositor, and the page would draw that one at every frame.
      animation.cancel();
      if (done) done();
    });
    return animation;
  }

  // A custom property set only when its value changes: setting it again would make the browser
  // work out the styles and the layout anew, in the middle of a tap.
  function setLength(node, name, value) {
    if (node.style.getPropertyValue(name) === value) return;
    if (value) node.style.setProperty(name, value);
    else node.style.removeProperty(name);
  }

  // The game fills the window below the top bar and the notices (--stage-h, style.css).
  function stage() {
    var app = document.getElementById("app");
    if (!app) return;
    var style = getComputedStyle(app);
    var height = app.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    if (height > 0) setLength(document.documentElement, "--stage-h", Math.floor(height) + "px");
  }

  // A table card's own size (without --table-w), measured again only when the window's size or
  // the page's kind (html's classes: an embed has smaller cards) changes.
  var natural = { key: "", width: 0, ratio: 1.4 };

  function naturalSize(table, card) {
    var key = window.innerWidth + "x" + window.innerHeight + " " + document.documentElement.className;
    if (natural.key !== key || !natural.width) {
      setLength(table, "--table-w", "");
      var width = card.offsetWidth;
      natural = { key: key, width: width, ratio: card.offsetHeight / width || 1.4 };
    }
    return natural;
  }

  // The table takes the room left: its cards get smaller when they would not fit in it.
  function fit() {
    stage();
    var table = document.getElementById("table");
    if (!table) return;
    var cards = table.querySelectorAll(":scope > .card, :scope > .slot"); // a card's empty place counts
    var n = cards.length;
    if (!n) {
      setLength(table, "--table-w", "");
      return;
    }
    var size = naturalSize(table, cards[0]);
    var style = getComputedStyle(table);
    var width = table.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    var height = table.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    var gap = parseFloat(style.columnGap) || 0;
    var full = size.width;
    var best = 0;
    for (var rows = 1; rows <= n; rows++) {
      var cols = Math.ceil(n / rows);
      var w = Math.min(full, (width - (cols - 1) * gap) / cols, (height - (rows - 1) * gap) / rows / size.ratio);
      best = Math.max(best, w);
    }
    setLength(table, "--table-w", best < full ? Math.floor(best) + "px" : "");
  }

  function still() {
    return !!(reduced && reduced.matches);
  }

  // The counts of a pile that cards fly to change when they land: until then each count that
  // changed shows what it said before (data-was, drawn by the style sheet over the new text).
  // They wait for the flights themselves (landed, or finished at once by a press): an animation of
  // their own that changes nothing would be drawn by the page at every frame.
  var PILES = "#opponents .pile, #me-info .pile";
  var counts = null; // pile node -> the texts of its counts before the redraw

  function countsOf(pile) {
    return Array.prototype.map.call(pile.children, function (child) { return child.textContent; });
  }

  function holdCounts(selector, flights) {
    var pile = document.querySelector(selector);
    var was = pile && counts ? counts.get(pile) : null;
    if (!was) return;
    var held = [];
    Array.prototype.forEach.call(pile.children, function (child, index) {
      if (was[index] !== undefined && was[index] !== child.textContent) {
        child.setAttribute("data-was", was[index]);
        held.push(child);
      }
    });
    if (!held.length) return;
    var landed = flights.map(function (flight) { return flight.finished.then(null, function () {}); });
    Promise.all(landed).then(function () {
      held.forEach(function (child) {
        child.removeAttribute("data-was");
        if (!still()) track(child.animate([{ transform: "scale(1.25)" }, { transform: "scale(1)" }], { duration: 220 }));
      });
    });
  }

  function measure() {
    counts = new Map();
    document.querySelectorAll(PILES).forEach(function (pile) { counts.set(pile, countsOf(pile)); });
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
  function ghost(old, to, delay, ms, via) { // (returns its flight)
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
    var last = "translate(" + (end.x - from.x) + "px, " + (end.y - from.y) + "px) scale(0.3)";
    var frames = [{ transform: "none", opacity: 1, offset: 0 }];
    if (via) {
      var join = center(via);
      var there = "translate(" + (join.x - from.x) + "px, " + (join.y - from.y - 8) + "px)";
      frames.push({ transform: there, opacity: 1, offset: 0.4 }, { transform: there, opacity: 1, offset: 0.55 });
    } else if (ms > 0) {
      frames.push({ transform: "none", opacity: 1, offset: 0.55 });
    }
    frames.push({ transform: last, opacity: 0, offset: 1 });
    return track(node.animate(frames, { duration: ms, delay: delay, easing: "ease-in-out", fill: "backwards" }),
      function () { node.remove(); });
  }

  // What still moves a card (its lift easing in or out, a slide of the last move) stops before it
  // slides from where it was measured: with another motion of its transform on it, the compositor
  // could draw neither, and the page would at every frame. The animations are asked for once, before
  // any slide starts: asked again after each, the browser would work out every style anew each time.
  function moving() {
    var on = new Map(); // card node -> its animations
    if (!document.getAnimations) return on;
    document.getAnimations().forEach(function (animation) {
      var target = animation.effect && animation.effect.target;
      if (!target || animation.effect.pseudoElement) return; // (as the card's own getAnimations())
      if (!on.has(target)) on.set(target, []);
      on.get(target).push(animation);
    });
    return on;
  }

  function slide(node, from, to, delay, ms, fade, on) {
    var a = center(from);
    var b = center(to);
    var dx = a.x - b.x;
    var dy = a.y - b.y;
    var scale = Math.min(from.width / to.width, 1.5);
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(scale - 1) < 0.02) return;
    (on.get(node) || []).forEach(function (animation) { animation.cancel(); });
    var first = { transform: "translate(" + dx + "px, " + dy + "px) scale(" + scale + ")", offset: 0 };
    if (fade) first.opacity = 0;
    track(node.animate([first], { duration: ms, delay: delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" }));
  }

  function celebrate(selector, rect, text, delay, ms) {
    var pile = document.querySelector(selector);
    if (!pile) return;
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

  // After the redraw, before the focus moves: the table fitted to the room left, then every card's
  // place read (the page laid out once for the motion and the focus together).
  function measureAfter(plan) {
    if (typeof plan === "string") plan = JSON.parse(plan);
    fit();
    var old = before;
    before = null;
    var ms = plan ? plan.ms : 0;
    var moving = !!(old && ms && !still());
    return { plan: plan, ms: ms, old: moving ? old : null, scroll: [window.scrollX, window.scrollY],
      moves: moving ? measureMoves(plan, old, ms) : null };
  }

  // The cards set moving, from the places read by measureAfter().
  function animate(placed) {
    var plan = placed.plan;
    var ms = placed.ms;
    var moves = placed.moves;
    if (moves && (window.scrollX !== placed.scroll[0] || window.scrollY !== placed.scroll[1])) {
      moves = measureMoves(plan, placed.old, ms); // the focus scrolled the page: the places are read again
    }
    peek(pointed());
    // No motion at all: the style sheet's transitions and animations stop too.
    var motion = ms && !still() ? "on" : "off";
    if (document.documentElement.getAttribute("data-motion") !== motion) document.documentElement.setAttribute("data-motion", motion);
    if (!moves) {
      counts = null;
      return;
    }
    var on = moving();
    moves.slides.forEach(function (args) { slide.apply(null, args.concat([on])); });
    var flights = new Map(); // pile -> the flights of the cards going to it
    moves.ghosts.forEach(function (args) {
      var pile = args[5];
      if (!flights.has(pile)) flights.set(pile, []);
      flights.get(pile).push(ghost.apply(null, args));
    });
    new Set((plan.exit || []).map(function (item) { return item[1]; })).forEach(function (pile) {
      holdCounts(pile, flights.get(pile) || []);
    });
    counts = null;
    if (moves.sur) celebrate(plan.sur, moves.sur, plan.sur_text || "Sur!", Math.round(ms * 1.5), ms);
  }

  // Where each card goes and comes from (the motion's arguments), read before anything changes.
  function measureMoves(plan, old, ms) {
    var enter = new Map((plan.enter || []).map(function (item) { return [item[0], item]; }));
    var exit = new Map((plan.exit || []).map(function (item) { return [item[0], item]; }));
    var seen = new Set();
    var slides = [];
    document.querySelectorAll(CARDS).forEach(function (node) {
      var key = keyOf(node);
      seen.add(key);
      var to = node.getBoundingClientRect();
      if (!to.width) return;
      var was = old.get(key);
      var come = enter.get(key);
      if (was && !(come && come[3])) { // a dealt card comes from the stock even if it was shown
        if (plan.slide) slides.push([node, was.rect, to, 0, ms, false]);
      } else if (come) {
        var from = place(come[1]);
        if (from) {
          // From a seat or the stock the card starts small, as if it were far away.
          var start = { left: 0, top: 0, width: to.width * 0.5, height: to.height * 0.5 };
          var c = center(from);
          start.left = c.x - start.width / 2;
          start.top = c.y - start.height / 2;
          slides.push([node, start, to, come[2], ms, true]);
        }
      }
    });
    var via = plan.via ? old.get(plan.via[1]) : null;
    var ghosts = [];
    old.forEach(function (was, key) {
      var leave = exit.get(key);
      if (seen.has(key) || !leave) return;
      var to = place(leave[1]);
      if (!to) return;
      var joins = plan.via && key === plan.via[0] && via ? via.rect : null;
      var long = plan.via && leave[2] === 0;
      ghosts.push([was, to, leave[2], long ? Math.round(ms * 1.6) : ms, joins, leave[1]]);
    });
    return { slides: slides, ghosts: ghosts, sur: plan.sur ? place(plan.sur) : null };
  }

  // Ours, and the style sheet's transitions (a seat's border when the turn passes).
  function finishAll() {
    var all = new Set(running);
    if (document.getAnimations) document.getAnimations().forEach(function (a) { all.add(a); });
    all.forEach(function (animation) {
      try { animation.finish(); } catch (error) { /* an endless animation (loading) goes on */ }
    });
  }

  // A press during a motion finishes it, which may take the card from under the pointer, or bring
  // one there: the press plays the card it was on, else the card now at that place (a card that
  // was about to land). The browser clicks what is under the pointer when it is let go (a mouse:
  // if the press began there too); when that is not the card, the card is clicked here, and the
  // browser's own click of that press (on whatever is there now) is dropped.
  var PRESSABLE = "#hand [data-card], #capture-choice [data-capture]";
  var pressed = null; // {card, down}
  var clickedHere = false; // the browser's click of the press let go is not the player's

  function pressableAt(x, y) {
    var under = document.elementFromPoint(x, y);
    return under && under.closest ? under.closest(PRESSABLE) : null;
  }

  function press(event) {
    var moving = running.size > 0 || (document.getAnimations && document.getAnimations().length > 0);
    var aimed = event.target && event.target.closest ? event.target.closest(PRESSABLE) : null;
    finishAll();
    pressed = null;
    clickedHere = false;
    if (!moving || event.button !== 0) return;
    var card = aimed || pressableAt(event.clientX, event.clientY);
    if (card) pressed = { card: card, down: event.target };
  }

  function release(event) {
    var was = pressed;
    pressed = null;
    if (drag && drag.moving) return; // a drag: dragEnd decides
    if (!was || !was.card.isConnected || was.card.disabled) return;
    // (a finger's pointerup goes to where it was pressed: what is under it is asked of the page)
    if (was.card.contains(was.down) && pressableAt(event.clientX, event.clientY) === was.card) return;
    was.card.click();
    clickedHere = true;
    setTimeout(function () { clickedHere = false; }, 700); // (none came: a long press, say)
  }

  function dropBrowserClick(event) {
    if (!clickedHere || !event.isTrusted) return;
    clickedHere = false;
    event.stopPropagation();
    event.preventDefault();
  }

  // A card of the hand dragged onto the table is played ("pasur-drop", read by the game's Python);
  // dropped anywhere else it goes back. The click that ends a drag is not a tap.
  var drag = null;
  var dragged = false;

  function dragStart(event) {
    dragged = false;
    var card = event.target && event.target.closest ? event.target.closest("#hand [data-card]") : null;
    if (!card || card.disabled || event.button !== 0) return;
    drag = { card: card, x: event.clientX, y: event.clientY, moving: false, id: event.pointerId };
  }

  function dragMove(event) {
    if (!drag || event.pointerId !== drag.id) return;
    var dx = event.clientX - drag.x;
    var dy = event.clientY - drag.y;
    if (!drag.moving && Math.abs(dx) + Math.abs(dy) < 12) return;
    drag.moving = true;
    drag.card.classList.add("dragging");
    drag.card.style.transform = "translate(" + dx + "px, " + dy + "px) scale(1.08)";
    var table = place("#table");
    var over = table && event.clientY >= table.top && event.clientY <= table.bottom;
    document.documentElement.toggleAttribute("data-drop", !!over);
  }

  function dragEnd(event) {
    var was = drag;
    drag = null;
    document.documentElement.removeAttribute("data-drop");
    if (!was || !was.moving) return;
    dragged = true;
    pressed = null;
    var table = place("#table");
    var card = was.card;
    card.classList.remove("dragging");
    if (event.type === "pointerup" && table && event.clientY >= table.top && event.clientY <= table.bottom) {
      document.dispatchEvent(new CustomEvent("pasur-drop", { detail: card.getAttribute("data-card") }));
    } else if (!still()) {
      card.animate([{ transform: card.style.transform }, { transform: "none" }], { duration: 160, easing: "ease-out" });
    }
    card.style.removeProperty("transform");
  }

  function swallowClick(event) {
    if (!dragged) return;
    dragged = false;
    event.stopPropagation();
    event.preventDefault();
  }

  // Pointing at a card of the hand (a mouse over it, or the keyboard's focus) marks the table's
  // cards it could take (its data-takes), before anything is played; pointing at an option of the
  // capture choice marks the cards that option takes (its data-capture).
  var PEEKABLE = "#hand [data-card], #capture-choice [data-capture]";

  function peek(node) {
    document.querySelectorAll("#table [data-peek]").forEach(function (card) { card.removeAttribute("data-peek"); });
    var keys = !node || node.disabled ? ""
      : node.hasAttribute("data-capture") ? node.getAttribute("data-capture").replace(/,/g, " ")
      : (node.getAttribute("data-takes") || "");
    keys.split(" ").forEach(function (key) {
      var card = key ? document.querySelector('#table [data-card="' + key + '"]') : null;
      if (card) card.setAttribute("data-peek", "");
    });
  }

  var keyboard = false; // the player moves with the keys (the focus points at a card), not a pointer

  function pointed() {
    var hovered = document.querySelector("#hand [data-card]:hover, #capture-choice [data-capture]:hover");
    var focused = keyboard && document.activeElement && document.activeElement.closest
      ? document.activeElement.closest(PEEKABLE) : null;
    return hovered || focused;
  }

  document.addEventListener("pointerover", function (event) {
    if (event.pointerType === "mouse") peek(pointed());
  });
  document.addEventListener("pointerout", function (event) {
    if (event.pointerType === "mouse") peek(pointed());
  });
  document.addEventListener("focusin", function () { peek(pointed()); });
  document.addEventListener("focusout", function () { setTimeout(function () { peek(pointed()); }, 0); });
  // html[data-keys]: the player uses the keys (the hand, given the focus between turns, shows it).
  function usingKeys(on) {
    if (keyboard === on) return;
    keyboard = on;
    document.documentElement.toggleAttribute("data-keys", on);
  }
  document.addEventListener("keydown", function () { usingKeys(true); }, true);
  document.addEventListener("pointerdown", function () { usingKeys(false); }, true);
  document.addEventListener("pointerdown", dragStart);
  document.addEventListener("pointermove", dragMove);
  document.addEventListener("pointerup", dragEnd);
  document.addEventListener("pointercancel", dragEnd);
  document.addEventListener("click", swallowClick, true);
  document.addEventListener("click", dropBrowserClick, true);
  document.addEventListener("keydown", function () { clickedHere = false; }, true);
  document.addEventListener("pointerdown", press, true);
  document.addEventListener("pointerup", release, true);
  document.addEventListener("pointercancel", function () { pressed = null; }, true);
  document.addEventListener("keydown", finishAll, true);
  window.addEventListener("resize", fit);
  if (window.ResizeObserver) { // a notice or the banner came or went: the room left changed
    var watched = document.getElementById("app");
    if (watched) new ResizeObserver(function () { fit(); }).observe(watched);
  }
  window.pasurMotion = {
    measure: measure, measureAfter: measureAfter, animate: animate, fit: fit, finish: finishAll, peek: function () { peek(pointed()); },
  };
})();
