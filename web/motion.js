// The cards' motion (FLIP with the Web Animations API).
// web/draw.js calls motion.measure() before it redraws the board, measureAfter(plan) after
// it (plan from web/pasur_web/screens/motion.py), then animate() with what that read: each card is found
// again by its key (data-card, or data-back for a card back) and flies from where it was to where
// it is; a card that has left the board (taken) flies as a ghost to its pile; a card that was not
// shown comes from the place the plan names (the stock, a player's seat). The DOM is never
// changed by the motion, only animated; the ghosts live in a layer of their own.
// A plan of 0 ms, or prefers-reduced-motion: reduce, moves nothing (no Animation at all).
// A click or a key press during a motion finishes it at once (web/pointer.js: the click itself goes on
// as usual, even on a card that the finished motion moved away from the pointer).
import { fit } from "./fit.js";
import { landing } from "./landing.js";
import { pointer } from "./pointer.js";

const CARDS = "#opponents [data-back], #table [data-card], #hand [data-card]";
const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
let before = null; // key -> {rect, node}, measured before the redraw
const running = new Set();
let layer = null;

function keyOf(node) {
  return node.hasAttribute("data-back") ? "back:" + node.getAttribute("data-back") : node.getAttribute("data-card");
}

function center(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

function place(selector) {
  let node = selector ? document.querySelector(selector) : null;
  if (!node) return null;
  let rect = node.getBoundingClientRect();
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

// The player asked for reduced motion (prefers-reduced-motion: reduce): nothing moves.
function reducedMotion() {
  return !!(reduced && reduced.matches);
}

function measure() {
  landing.measure();
  before = new Map();
  document.querySelectorAll(CARDS).forEach(function (node) {
    let rect = node.getBoundingClientRect();
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
  let node = old.node;
  let rect = old.rect;
  node.classList.remove("taking", "last-laid");
  node.removeAttribute("data-card");
  node.removeAttribute("data-back");
  node.setAttribute("tabindex", "-1");
  node.style.setProperty("--w", rect.width + "px");
  node.style.left = rect.left + "px";
  node.style.top = rect.top + "px";
  node.classList.add("ghost");
  ghostLayer().appendChild(node);
  let from = center(rect);
  const end = center(to);
  const last = "translate(" + (end.x - from.x) + "px, " + (end.y - from.y) + "px) scale(0.3)";
  const frames = [{ transform: "none", opacity: 1, offset: 0 }];
  if (via) {
    const join = center(via);
    const there = "translate(" + (join.x - from.x) + "px, " + (join.y - from.y - 8) + "px)";
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
  let on = new Map(); // card node -> its animations
  if (!document.getAnimations) return on;
  document.getAnimations().forEach(function (animation) {
    const target = animation.effect && animation.effect.target;
    if (!target || animation.effect.pseudoElement) return; // (as the card's own getAnimations())
    if (!on.has(target)) on.set(target, []);
    on.get(target).push(animation);
  });
  return on;
}

function slide(node, from, to, delay, ms, fade, on) {
  const a = center(from);
  const b = center(to);
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const scale = Math.min(from.width / to.width, 1.5);
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(scale - 1) < 0.02) return;
  (on.get(node) || []).forEach(function (animation) { animation.cancel(); });
  const first = { transform: "translate(" + dx + "px, " + dy + "px) scale(" + scale + ")", offset: 0 };
  if (fade) first.opacity = 0;
  track(node.animate([first], { duration: ms, delay: delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" }));
}

// After the redraw, before the focus moves: the table fitted to the room left, then every card's
// place read (the page laid out once for the motion and the focus together).
function measureAfter(plan) {
  if (typeof plan === "string") plan = JSON.parse(plan);
  fit();
  const old = before;
  before = null;
  let ms = plan ? plan.ms : 0;
  const moving = !!(old && ms && !reducedMotion());
  return { plan: plan, ms: ms, old: moving ? old : null, scroll: [window.scrollX, window.scrollY],
    moves: moving ? measureMoves(plan, old, ms) : null };
}

// The cards set moving, from the places read by measureAfter().
function animate(placed) {
  let plan = placed.plan;
  let ms = placed.ms;
  let moves = placed.moves;
  if (moves && (window.scrollX !== placed.scroll[0] || window.scrollY !== placed.scroll[1])) {
    moves = measureMoves(plan, placed.old, ms); // the focus scrolled the page: the places are read again
  }
  pointer.peek();
  // No motion at all: the style sheet's transitions and animations stop too.
  const motion = ms && !reducedMotion() ? "on" : "off";
  if (document.documentElement.getAttribute("data-motion") !== motion) document.documentElement.setAttribute("data-motion", motion);
  if (!moves) {
    landing.landed(plan, null);
    return;
  }
  let on = moving();
  moves.slides.forEach(function (args) { slide.apply(null, args.concat([on])); });
  const flights = new Map(); // pile -> the flights of the cards going to it
  moves.ghosts.forEach(function (args) {
    const pile = args[5];
    if (!flights.has(pile)) flights.set(pile, []);
    flights.get(pile).push(ghost.apply(null, args));
  });
  landing.landed(plan, flights, moves.sur && { pile: moves.sur, table: moves.table });
}

// Where each card goes and comes from (the motion's arguments), read before anything changes.
function measureMoves(plan, old, ms) {
  const enter = new Map((plan.enter || []).map(function (item) { return [item[0], item]; }));
  const exit = new Map((plan.exit || []).map(function (item) { return [item[0], item]; }));
  const seen = new Set();
  const slides = [];
  document.querySelectorAll(CARDS).forEach(function (node) {
    const key = keyOf(node);
    seen.add(key);
    let to = node.getBoundingClientRect();
    if (!to.width) return;
    const was = old.get(key);
    const come = enter.get(key);
    if (was && !(come && come[3])) { // a dealt card comes from the stock even if it was shown
      if (plan.slide) slides.push([node, was.rect, to, 0, ms, false]);
    } else if (come) {
      let from = place(come[1]);
      if (from) {
        // From a seat or the stock the card starts small, as if it were far away.
        const start = { left: 0, top: 0, width: to.width * 0.5, height: to.height * 0.5 };
        const c = center(from);
        start.left = c.x - start.width / 2;
        start.top = c.y - start.height / 2;
        slides.push([node, start, to, come[2], ms, true]);
      }
    }
  });
  const via = plan.via ? old.get(plan.via[1]) : null;
  const ghosts = [];
  old.forEach(function (was, key) {
    const leave = exit.get(key);
    if (seen.has(key) || !leave) return;
    let to = place(leave[1]);
    if (!to) return;
    const joins = plan.via && key === plan.via[0] && via ? via.rect : null;
    const long = plan.via && leave[2] === 0;
    ghosts.push([was, to, leave[2], long ? Math.round(ms * 1.6) : ms, joins, leave[1]]);
  });
  return { slides: slides, ghosts: ghosts, sur: plan.sur ? place(plan.sur) : null, table: plan.sur ? place("#table") : null };
}

// Ours, and the style sheet's transitions (a seat's border when the turn passes).
function finishAll() {
  const all = new Set(running);
  if (document.getAnimations) document.getAnimations().forEach(function (a) { all.add(a); });
  all.forEach(function (animation) {
    try { animation.finish(); } catch (error) { /* an endless animation (loading) goes on */ }
  });
}

// Whether a card is moving: a press then finishes the motion (web/pointer.js).
function busy() {
  return running.size > 0 || (document.getAnimations && document.getAnimations().length > 0);
}

export const motion = {
  measure: measure, measureAfter: measureAfter, animate: animate, finish: finishAll, busy: busy,
  reducedMotion: reducedMotion,
  track: track, layer: ghostLayer,
};
