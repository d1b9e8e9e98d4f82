// What the board says as the cards land (web/motion.js flies them): the texts that wait for them, and
// a sur's celebration.
import { motion } from "./motion.js";


function center(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

// A text keeps showing what it said before a redraw until the cards flying land (data-was, drawn by
// the style sheet over the new text): the counts of the pile they fly to; and after a capture, the
// table's note that it is empty (it said nothing: the cards were there) and, when another seat
// captured, whose turn it is now (its capture, coral ring and all, is still on its way).
// They wait for the flights themselves (landed, or finished at once by a press): an animation of
// their own that changes nothing would be drawn by the page at every frame.
const PILES = "#opponents .pile, #me-info .pile";
let counts = null; // pile node -> the texts of its counts before the redraw
let status = null; // what the status line said before the redraw

function countsOf(pile) {
  return Array.prototype.map.call(pile.children, function (child) { return child.textContent; });
}

function hold(held, flights, then) {
  if (!held.length) return;
  const landed = flights.map(function (flight) { return flight.finished.then(null, function () {}); });
  Promise.all(landed).then(function () {
    held.forEach(function (node) {
      node.removeAttribute("data-was");
      if (then) then(node);
    });
  });
}

function holdCounts(selector, flights) {
  let pile = document.querySelector(selector);
  const was = pile && counts ? counts.get(pile) : null;
  if (!was) return;
  let held = [];
  Array.prototype.forEach.call(pile.children, function (child, index) {
    if (was[index] !== undefined && was[index] !== child.textContent) {
      child.setAttribute("data-was", was[index]);
      held.push(child);
    }
  });
  hold(held, flights, function (child) {
    if (!motion.reducedMotion()) motion.track(child.animate([{ transform: "scale(1.25)" }, { transform: "scale(1)" }], { duration: 220 }));
  });
}

function holdTable(flights, others) {
  let held = [];
  const note = document.querySelector("#table > .empty");
  let turn = document.getElementById("turn-status");
  if (note) held.push(note);
  if (others && turn && status !== null && status !== turn.textContent) held.push(turn);
  held.forEach(function (node) { node.setAttribute("data-was", node === turn ? status : ""); });
  hold(held, flights);
}

// A sur: "Sur!" over the swept table, by the side of the seat that made it (where it covers nothing:
// not the seat's counts, names or buttons), drifting further in; the seat's count of surs swells.
function celebrate(selector, rect, table, text, delay, ms) {
  let pile = document.querySelector(selector);
  if (!pile || !table) return;
  const burst = document.createElement("div");
  burst.className = "sur-burst";
  burst.textContent = text;
  motion.layer().appendChild(burst);
  const w = burst.offsetWidth * 0.65 + 6, h = burst.offsetHeight * 0.65 + 6; // half its size at its largest
  const c = center(rect);
  const at = { x: table.width > 2 * w ? Math.min(Math.max(c.x, table.left + w), table.right - w) : center(table).x,
    y: table.height > 2 * h ? Math.min(Math.max(c.y, table.top + h), table.bottom - h) : center(table).y };
  const away = Math.hypot(at.x - c.x, at.y - c.y) || 1;
  const step = burst.offsetHeight / away; // a drift of its height, away from the seat
  burst.style.left = at.x + "px";
  burst.style.top = at.y + "px";
  const moved = function (share, scale) {
    return "translate(-50%, -50%) translate(" + (at.x - c.x) * step * share + "px, " + (at.y - c.y) * step * share
      + "px) scale(" + scale + ")";
  };
  motion.track(burst.animate([
    { transform: moved(0, 0.5), opacity: 0 },
    { transform: moved(0, 1.3), opacity: 1, offset: 0.25 },
    { transform: moved(0.4, 1), opacity: 1, offset: 0.75 },
    { transform: moved(1, 1), opacity: 0 },
  ], { duration: ms * 4, delay: delay, easing: "ease-out", fill: "backwards" }), function () { burst.remove(); });
  motion.track(pile.animate([
    { transform: "scale(1)" }, { transform: "scale(1.35)", color: "#f5c451", offset: 0.3 }, { transform: "scale(1)" },
  ], { duration: ms * 3, delay: delay }));
}

// Before a redraw: what the texts said.
function measure() {
  let turn = document.getElementById("turn-status");
  status = turn ? turn.textContent : null;
  counts = new Map();
  document.querySelectorAll(PILES).forEach(function (pile) { counts.set(pile, countsOf(pile)); });
}

// After it, once the cards are set moving (flights: pile -> the flights of the cards going to it,
// null when nothing moves; sur: the places of a sur's celebration).
function landed(plan, flights, sur) {
  if (flights) {
    const piles = new Set((plan.exit || []).map(function (item) { return item[1]; }));
    piles.forEach(function (pile) { holdCounts(pile, flights.get(pile) || []); });
    const all = [].concat.apply([], Array.from(flights.values()));
    if (all.length) holdTable(all, Array.from(piles).some(function (pile) { return pile !== "#me-info .pile"; }));
    if (sur) celebrate(plan.sur, sur.pile, sur.table, plan.sur_text || "Sur!", Math.round(plan.ms * 1.5), plan.ms);
  }
  counts = null;
}

export const landing = { measure, landed };
