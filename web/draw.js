// Draws one frame of the page from what the game's Python computed (web/pasur_web/browser/draw.py):
// for each part that changed, an element's attributes and children as plain data
// ([tag, [[name, value], ...], [child, ...]], a child being such a list or a text). Text always goes
// in as text. Around it: the keyboard focus kept where it was, the cards' motion (web/motion.js),
// the language of index.html's own texts, and the new-game panel (web/setup.js).
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";

  function build(spec) {
    if (typeof spec === "string") return document.createTextNode(spec);
    var tag = spec[0];
    var node = tag.indexOf("svg:") === 0 ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
    spec[1].forEach(function (pair) { node.setAttribute(pair[0], pair[1]); });
    spec[2].forEach(function (child) { node.appendChild(build(child)); });
    return node;
  }

  // An attribute set again to its value (or removed where there is none) would still make the
  // browser work out styles anew: only a change is written. null removes the attribute.
  function setAttribute(node, name, value) {
    if (node.getAttribute(name) === value) return;
    if (value === null) node.removeAttribute(name);
    else node.setAttribute(name, value);
  }

  function setAttributes(node, pairs) {
    pairs.forEach(function (pair) { setAttribute(node, pair[0], pair[1]); });
  }

  // What has the keyboard focus, in terms that survive a redraw.
  function focusKey() {
    var active = document.activeElement;
    if (!active || active === document.body) return null;
    var names = ["data-card", "data-capture"];
    for (var i = 0; i < names.length; i++) {
      var value = active.getAttribute(names[i]);
      if (!value) continue;
      var holder = active.parentElement && active.parentElement.closest("[id]");
      return { name: names[i], selector: holder ? "#" + holder.id + " [" + names[i] + '="' + value + '"]' : "" };
    }
    return active.id ? { name: "id", selector: "#" + active.id } : null;
  }

  function focusable(node) {
    return node && node.isConnected && !node.disabled && node.getClientRects().length > 0;
  }

  // The first playable card gets the focus, unless something else meaningful has it (a button just
  // hidden, as Start when the game begins, still holds the focus until the browser takes it away).
  function focusHand() {
    var active = document.activeElement;
    var hand = document.getElementById("hand");
    if (!active || active === document.body || !focusable(active) || active === hand) {
      var first = document.querySelector("#hand [data-card]:not([disabled])");
      if (first) first.focus({ preventScroll: true });
    }
  }

  function restoreFocus(key, myTurn) {
    var active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    var again = key && key.selector ? document.querySelector(key.selector) : null;
    if (again && !again.disabled) {
      again.focus({ preventScroll: true });
    } else if (myTurn) {
      focusHand();
    } else if (key && (key.name === "data-card" || key.name === "data-capture")) {
      // A card played, or a capture chosen: the hand keeps the focus while the others play.
      document.getElementById("hand").focus({ preventScroll: true });
    }
  }

  function focusOn(selector) {
    if (selector === "hand") return focusHand();
    var target = document.querySelector(selector);
    if (!focusable(target)) return;
    if (!target.matches("button, select, input, a, [tabindex]")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true }); // a panel opens at its top: its title stays in sight
    var rect = target.getBoundingClientRect();
    if (rect.bottom > window.innerHeight || rect.top < 0) target.scrollIntoView({ block: "nearest" });
  }

  function applyTexts(texts) {
    document.title = texts.title || document.title;
    document.querySelectorAll("[data-i18n]").forEach(function (node) {
      var text = texts[node.getAttribute("data-i18n")];
      if (text) node.textContent = text;
    });
    document.querySelectorAll("[data-i18n-label]").forEach(function (node) {
      var text = texts[node.getAttribute("data-i18n-label")];
      if (text) node.setAttribute("aria-label", text);
    });
  }

  // The children of ``node``, drawn as ``before``, made into ``after``, and returned as drawn now. The
  // page sends only what changed (web/pasur_web/browser/draw.py, ``changes``): in ``after`` a number
  // n stands for the child drawn at n before, unchanged. Otherwise a child with a key (a card, a
  // card's back, a line of the log) keeps its node wherever it moves, and one without keeps the node
  // at its place when it has the same tag: a kept node is brought up to date (attributes, children,
  // given as changes too), so that what the player is pressing or has the focus stays. Anything
  // else is built anew.
  var KEYS = ["data-card", "data-back", "data-line"];

  function keyOf(spec) {
    if (typeof spec !== "object") return null;
    for (var i = 0; i < spec[1].length; i++) {
      if (KEYS.indexOf(spec[1][i][0]) >= 0) return spec[1][i][0] + "=" + spec[1][i][1];
    }
    return null;
  }

  function alike(was, now) {
    return typeof was === "object" && typeof now === "object" && was[0] === now[0];
  }

  // Which child drawn before becomes each child of ``after``: its index, or -1 (built anew).
  function choose(before, after) {
    var used = before.map(function () { return false; });
    after.forEach(function (spec) { if (typeof spec === "number") used[spec] = true; });
    var byKey = new Map();
    before.forEach(function (spec, index) { if (keyOf(spec) !== null) byKey.set(keyOf(spec), index); });
    return after.map(function (spec, index) {
      if (typeof spec === "number") return spec;
      var key = keyOf(spec);
      var at = key === null ? index : byKey.has(key) ? byKey.get(key) : -1;
      if (at < 0 || at >= before.length || used[at] || !alike(before[at], spec)) return -1;
      used[at] = true;
      return at;
    });
  }

  function update(node, before, after) {
    var olds = Array.prototype.slice.call(node.childNodes);
    var drawn = [];
    var nodes = choose(before, after).map(function (at, index) {
      var spec = after[index];
      if (typeof spec === "number") {
        drawn.push(before[spec]);
        return olds[spec];
      }
      if (at < 0) {
        drawn.push(spec);
        return build(spec);
      }
      drawn.push(reconcile(olds[at], before[at], spec));
      return olds[at];
    });
    var keep = new Set(nodes);
    olds.forEach(function (child) { if (!keep.has(child)) node.removeChild(child); });
    nodes.forEach(function (child, index) {
      if (node.childNodes[index] !== child) node.insertBefore(child, node.childNodes[index] || null);
    });
    return drawn;
  }

  // An element kept: its attributes and children brought up to date; returns it as drawn now.
  function reconcile(node, was, now) {
    var names = {};
    now[1].forEach(function (pair) { names[pair[0]] = true; });
    was[1].forEach(function (pair) { if (!names[pair[0]]) setAttribute(node, pair[0], null); });
    setAttributes(node, now[1]);
    return [now[0], now[1], update(node, was[2], now[2])];
  }

  var CARD_PARTS = { opponents: true, table: true, hand: true, "capture-choice": true };
  var drawnParts = {};

  function patch(item, drawn) {
    var node = item[0] === "@root" ? document.documentElement : document.getElementById(item[0]);
    if (!node) return;
    if (item[1]) setAttributes(node, item[1]);
    if (!item[2]) return;
    var before = drawnParts[item[0]];
    if (before) {
      drawnParts[item[0]] = update(node, before, item[2]);
    } else {
      node.replaceChildren.apply(node, item[2].map(build));
      drawnParts[item[0]] = item[2];
    }
    drawn.push(node);
  }

  function frame(json) {
    var batch = JSON.parse(json);
    var phase = document.documentElement.getAttribute("data-phase");
    var key = focusKey();
    var mover = window.pasurMotion;
    // (a new deal of the same cards, as a game started again with the same seed, changes no card part)
    // No motion (a card looked at, a choice opened): no card changes place, nothing is measured.
    var cards = batch.parts.some(function (item) { return CARD_PARTS[item[0]]; });
    var moves = batch.motion && mover && (cards || batch.motion.enter.some(function (item) { return item[3]; }));
    if (moves) {
      mover.measure();
      // A card with the focus that is played goes from the hand; letting it go now, before anything
      // is drawn, costs the browser little (restoreFocus puts the focus back where it belongs).
      var active = document.activeElement;
      if (active && active.closest && active.closest("#hand, #capture-choice")) active.blur();
    }
    if (batch.texts) applyTexts(batch.texts);
    if (batch.setup && window.pasurSetup) {
      window.pasurSetup.renderObjects(batch.setup[0], batch.setup[1]);
      delete drawnParts.setup; // web/setup.js drew it: the next part of #setup is built anew
    }
    var drawn = [];
    batch.parts.forEach(function (item) { patch(item, drawn); });
    if (document.documentElement.getAttribute("data-phase") !== phase) { // another screen: from its top
      window.scrollTo(0, 0);
      document.getElementById("app").scrollTop = 0;
    }
    // Everything is read in one layout before the focus moves (moving it makes the browser work out
    // styles, which then include no card's motion yet): where the cards are, and the move log's
    // height (it shows its last line).
    var placed = moves ? mover.measureAfter(batch.motion) : null;
    var log = drawn.filter(function (node) { return node.id === "log"; })[0];
    if (log) log.scrollTop = log.scrollHeight;
    restoreFocus(key, batch.myTurn);
    drawn.forEach(function (node) {
      var wanted = node.querySelector("[data-autofocus]");
      if (focusable(wanted)) wanted.focus({ preventScroll: true });
    });
    (batch.focus || []).forEach(focusOn);
    if (placed) mover.animate(placed);
    else if (cards && window.pasurPointer) window.pasurPointer.peek();
  }

  // Arrow keys move between the cards of the hand, and between the capture choices.
  var GROUPS = [["#hand", "[data-card]:not([disabled])"], ["#capture-choice", "[data-capture]"],
    ["#demo-options", "[data-capture]"]];
  var STEPS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

  function moveFocus(target, key, rtl) {
    for (var g = 0; g < GROUPS.length; g++) {
      var box = target.closest(GROUPS[g][0]);
      if (!box) continue;
      var items = Array.prototype.slice.call(box.querySelectorAll(GROUPS[g][1]));
      if (!items.length) return false;
      var index = items.indexOf(target);
      var step = STEPS[key] || 0;
      if (rtl && (key === "ArrowLeft" || key === "ArrowRight")) step = -step; // right to left: the right arrow goes back
      if (key === "Home") index = 0;
      else if (key === "End") index = items.length - 1;
      else index = (index + step + items.length) % items.length;
      items[index].focus();
      return true;
    }
    return false;
  }

  // Resolved once the page has painted what was drawn: heavy work waits for it.
  function afterPaint() {
    return new Promise(function (resolve) {
      requestAnimationFrame(function () { setTimeout(resolve, 0); });
    });
  }

  // A tap on a card of the hand or a capture option is answered in the frame it comes in, before
  // the game's Python takes it (once that frame is painted: browser/runtime.py): the card lifts
  // (further when it was lifted already: it is being played) and the table's cards it could take are
  // marked, or the option shows pressed. html[data-drawing] says the drawing of the tap is due.
  function answer(node) {
    node.classList.add("pressed");
    if (node.closest("#hand") && !node.classList.contains("selected") && window.pasurPointer) {
      window.pasurPointer.peek(node); // web/pointer.js marks what a card could take
    }
    document.documentElement.setAttribute("data-drawing", "");
  }

  // The tap is drawn (or changed nothing): its answer goes.
  function answered() {
    document.querySelectorAll(".pressed").forEach(function (node) { node.classList.remove("pressed"); });
    if (window.pasurPointer) window.pasurPointer.peek();
  }

  // The hand-off and a score sheet show once the move's cards have landed (style.css): their button
  // gets the focus then.
  document.addEventListener("animationend", function (event) {
    if (event.target.id !== "handoff" && event.target.id !== "sheet") return;
    var wanted = event.target.querySelector("[data-autofocus]");
    if (focusable(wanted)) wanted.focus({ preventScroll: true });
  });

  window.pasurDraw = { frame: frame, moveFocus: moveFocus, afterPaint: afterPaint, answer: answer, answered: answered };
})();
