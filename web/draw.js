// Draws one frame of the page from what the game's Python computed (web/pasur_web/browser/draw.py):
// for each part that changed, an element's attributes and children as plain data
// ([tag, [[name, value], ...], [child, ...]], a child being such a list or a text). Text always goes
// in as text. Around it: the keyboard focus kept where it was, the cards' motion (web/motion.js),
// the language of index.html's own texts, and the new-game panel (web/setup.js).
import { facts } from "./generated.js";
import { hooks } from "./hooks.js";
import { motion } from "./motion.js";
import { pointer } from "./pointer.js";
import { renderObjects } from "./setup.js";
import { sound } from "./sound.js";

const SVG = "http://www.w3.org/2000/svg";

function build(spec) {
  if (typeof spec === "string") return document.createTextNode(spec);
  const tag = spec[0];
  let node = tag.indexOf("svg:") === 0 ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
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
  let active = document.activeElement;
  if (!active || active === document.body) return null;
  const names = ["data-card", "data-capture"];
  for (let i = 0; i < names.length; i++) {
    const value = active.getAttribute(names[i]);
    if (!value) continue;
    const holder = active.parentElement && active.parentElement.closest("[id]");
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
  let active = document.activeElement;
  const hand = document.getElementById("hand");
  if (!active || active === document.body || !focusable(active) || active === hand) {
    const first = document.querySelector("#hand [data-card]:not([disabled])");
    if (first) first.focus({ preventScroll: true });
  }
}

function restoreFocus(key, myTurn) {
  let active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const again = key && key.selector ? document.querySelector(key.selector) : null;
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
  const target = document.querySelector(selector);
  if (!focusable(target)) return;
  if (!target.matches("button, select, input, a, [tabindex]")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true }); // a panel opens at its top: its title stays in sight
  const rect = target.getBoundingClientRect();
  if (rect.bottom > window.innerHeight || rect.top < 0) target.scrollIntoView({ block: "nearest" });
}

function applyTexts(texts) {
  document.title = texts.title || document.title;
  document.querySelectorAll("[data-i18n]").forEach(function (node) {
    let text = texts[node.getAttribute("data-i18n")];
    if (text) node.textContent = text;
  });
  document.querySelectorAll("[data-i18n-label]").forEach(function (node) {
    let text = texts[node.getAttribute("data-i18n-label")];
    if (text) node.setAttribute("aria-label", text);
  });
}

// The children of ``parent`` made as the page wants them, from the instructions that
// web/pasur_web/browser/draw.py (``changes``) worked out, one for each child, against the children
// the element has now: a number n keeps the child at n as it is; an object keeps the child at its
// ``at`` and writes its attributes' changes (null removes one) and its own children's
// instructions; a text or a [tag, attributes, children] is built anew. A child not named goes.
// A kept node stays: what the player is pressing or has the focus, a card that moves.
function apply(parent, steps) {
  const olds = Array.prototype.slice.call(parent.childNodes);
  const nodes = steps.map(function (step) {
    if (typeof step === "number") return olds[step];
    if (typeof step === "string" || Array.isArray(step)) return build(step);
    let node = olds[step.at];
    if (step.attrs) setAttributes(node, step.attrs);
    if (step.children) apply(node, step.children);
    return node;
  });
  const keep = new Set(nodes);
  olds.forEach(function (child) { if (!keep.has(child)) parent.removeChild(child); });
  nodes.forEach(function (child, index) {
    if (parent.childNodes[index] !== child) parent.insertBefore(child, parent.childNodes[index] || null);
  });
}

const CARD_PARTS = { opponents: true, table: true, hand: true, "capture-choice": true };

function patch(item, drawn) {
  let node = item[0] === "@root" ? document.documentElement : document.getElementById(item[0]);
  if (!node) return;
  if (item[1]) setAttributes(node, item[1]);
  if (!item[2]) return;
  apply(node, item[2]);
  drawn.push(node);
}

function frame(json) {
  crossings += 1;
  const batch = JSON.parse(json);
  if (batch.parts) draw(batch);
  extras(batch);
}

function draw(batch) {
  const phase = document.documentElement.getAttribute("data-phase");
  const key = focusKey();
  // (a new deal of the same cards, as a game started again with the same seed, changes no card part)
  // No motion (a card looked at, a choice opened): no card changes place, nothing is measured.
  const cards = batch.parts.some(function (item) { return CARD_PARTS[item[0]]; });
  const moves = batch.motion && (cards || batch.motion.enter.some(function (item) { return item[3]; }));
  if (moves) {
    motion.measure();
    // A card with the focus that is played goes from the hand; letting it go now, before anything
    // is drawn, costs the browser little (restoreFocus puts the focus back where it belongs).
    let active = document.activeElement;
    if (active && active.closest && active.closest("#hand, #capture-choice")) active.blur();
  }
  if (batch.texts) applyTexts(batch.texts);
  if (batch.setup) {
    renderObjects(batch.setup[0], batch.setup[1]); // (its next part is built anew)
  }
  const drawn = [];
  batch.parts.forEach(function (item) { patch(item, drawn); });
  if (document.documentElement.getAttribute("data-phase") !== phase) { // another screen: from its top
    window.scrollTo(0, 0);
    document.getElementById("app").scrollTop = 0;
  }
  // Everything is read in one layout before the focus moves (moving it makes the browser work out
  // styles, which then include no card's motion yet): where the cards are, and the move log's
  // height (it shows its last line).
  const placed = moves ? motion.measureAfter(batch.motion) : null;
  const log = drawn.filter(function (node) { return node.id === "log"; })[0];
  if (log) log.scrollTop = log.scrollHeight;
  restoreFocus(key, batch.myTurn);
  drawn.forEach(function (node) {
    let wanted = node.querySelector("[data-autofocus]");
    if (focusable(wanted)) wanted.focus({ preventScroll: true });
  });
  (batch.focus || []).forEach(focusOn);
  if (placed) motion.animate(placed);
  else if (cards) pointer.peek();
}

// Arrow keys move between the cards of the hand, and between the capture choices.
const GROUPS = [["#hand", "[data-card]:not([disabled])"], ["#capture-choice", "[data-capture]"],
  ["#demo-options", "[data-capture]"]];
const STEPS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

function moveFocus(target, key, rtl) {
  for (let g = 0; g < GROUPS.length; g++) {
    const box = target.closest(GROUPS[g][0]);
    if (!box) continue;
    const items = Array.prototype.slice.call(box.querySelectorAll(GROUPS[g][1]));
    if (!items.length) return false;
    let index = items.indexOf(target);
    let step = STEPS[key] || 0;
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

// A tap on a card of the hand or a capture option is answered here, in the frame it comes in,
// before the game's Python takes it: the card lifts (further when it was lifted already: it is
// being played) and the table's cards it could take are marked, or the option shows pressed;
// html[data-drawing] says the drawing of the tap is due. Once that frame is painted, the taps
// go to the game's Python in one call (``take``: what each did and on which card or capture, in
// order), which answers with one drawing (``frame``) that ends the answer.
const TAPS = facts.taps; // data-action -> the attribute naming what was tapped (model/taps.py)
let waiting = [];
let python = null; // the game's Python: {take(taps), frame()}, once it is ready (``connect``)
let crossings = 0; // calls between this page's scripts and the game's Python, for the tests
let tapFrom = null; // the calls counted when the first tap waiting came
const perTap = []; // the calls from each tap (the first of those answered together) to its answer's end

function answer(node) {
  node.classList.add("pressed");
  if (node.closest("#hand") && !node.classList.contains("selected") ) {
    pointer.peek(node); // web/pointer.js marks what a card could take
  }
  document.documentElement.setAttribute("data-drawing", "");
}

function takeTaps() {
  const taps = waiting;
  waiting = [];
  crossings += 1;
  python.take(JSON.stringify(taps));
}

// (a listener of the body's, there before the game's own: a tap goes no further)
document.body.addEventListener("click", function (event) {
  let node = python && event.target.closest ? event.target.closest("[data-action]") : null;
  const name = node && node.getAttribute("data-action");
  if (!node || !TAPS[name] || node.disabled) return;
  event.stopImmediatePropagation();
  answer(node);
  if (tapFrom === null) tapFrom = crossings;
  waiting.push([name, node.getAttribute(TAPS[name]) || ""]);
  if (waiting.length === 1) afterPaint().then(takeTaps);
});

// The tap is drawn (or changed nothing): its answer goes.
function answered() {
  document.querySelectorAll(".pressed").forEach(function (node) { node.classList.remove("pressed"); });
  if (tapFrom !== null) perTap.push(crossings - tapFrom);
  tapFrom = null;
  pointer.peek();
}

// What comes with a drawing besides the page's parts: the sounds of what was played, whether
// another drawing is due, the end of a tap's answer, and a call at the next animation frame.
function extras(batch) {
  (batch.sounds || []).forEach(function (heard) { sound.play(heard[0], heard[1]); });
  document.documentElement.toggleAttribute("data-drawing", !!batch.drawing);
  if (batch.answered) answered();
  if (batch.again) requestAnimationFrame(function (time) { crossings += 1; python.frame(time); });
}

// The hand-off and a score sheet show once the move's cards have landed (style.css): their button
// gets the focus then.
document.addEventListener("animationend", function (event) {
  if (event.target.id !== "handoff" && event.target.id !== "sheet") return;
  let wanted = event.target.querySelector("[data-autofocus]");
  if (focusable(wanted)) wanted.focus({ preventScroll: true });
});

// ``connect``: the game's Python is ready; ``crossings``: the calls between it and the page, in all
// and from each tap to the end of its answer.
hooks.draw = {
  frame: frame,
  moveFocus: function (target, key, rtl) { crossings += 1; return moveFocus(target, key, rtl); },
  afterPaint: function () { crossings += 1; return afterPaint(); },
  connect: function (take, later) { python = { take: take, frame: later }; },
  crossings: function () { return { all: crossings, taps: perTap.slice() }; },
};
