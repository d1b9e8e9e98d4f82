// What the player's hands do on the board, beside the game's own clicks (web/pasur_web/browser/events.py):
// - a press during a motion (web/motion.js) finishes it and is never lost, on the card it was on or
//   on the card that lands under it;
// - a card of the hand dragged onto the table is played;
// - a card pointed at (a mouse over it, the keys' focus) marks the table's cards it could take;
// - html[data-keys] says that the player moves with the keys.
import { motion } from "./motion.js";


function tableBox() {
  let table = document.getElementById("table");
  const rect = table ? table.getBoundingClientRect() : null;
  return rect && (rect.width || rect.height) ? rect : null;
}

// A press during a motion finishes it, which may take the card from under the pointer, or bring
// one there: the press plays the card it was on, else the card now at that place (a card that
// was about to land). The browser clicks what is under the pointer when it is let go (a mouse:
// if the press began there too); when that is not the card, the card is clicked here, and the
// browser's own click of that press (on whatever is there now) is dropped.
const PRESSABLE = "#hand [data-card], #capture-choice [data-capture]";
let pressed = null; // {card, down}
let clickedHere = false; // the browser's click of the press let go is not the player's

function pressableAt(x, y) {
  const under = document.elementFromPoint(x, y);
  return under && under.closest ? under.closest(PRESSABLE) : null;
}

function press(event) {
  let moving = motion.busy();
  const aimed = event.target && event.target.closest ? event.target.closest(PRESSABLE) : null;
  motion.finish();
  pressed = null;
  clickedHere = false;
  if (!moving || event.button !== 0) return;
  let card = aimed || pressableAt(event.clientX, event.clientY);
  if (card) pressed = { card: card, down: event.target };
}

function release(event) {
  let was = pressed;
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
let drag = null;
let dragged = false;

function dragStart(event) {
  dragged = false;
  let card = event.target && event.target.closest ? event.target.closest("#hand [data-card]") : null;
  if (!card || card.disabled || event.button !== 0) return;
  drag = { card: card, x: event.clientX, y: event.clientY, moving: false, id: event.pointerId };
}

function dragMove(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moving && Math.abs(dx) + Math.abs(dy) < 12) return;
  drag.moving = true;
  drag.card.classList.add("dragging");
  drag.card.style.transform = "translate(" + dx + "px, " + dy + "px) scale(1.08)";
  let table = tableBox();
  const over = table && event.clientY >= table.top && event.clientY <= table.bottom;
  document.documentElement.toggleAttribute("data-drop", !!over);
}

function dragEnd(event) {
  let was = drag;
  drag = null;
  document.documentElement.removeAttribute("data-drop");
  if (!was || !was.moving) return;
  dragged = true;
  pressed = null;
  let table = tableBox();
  let card = was.card;
  card.classList.remove("dragging");
  if (event.type === "pointerup" && table && event.clientY >= table.top && event.clientY <= table.bottom) {
    document.dispatchEvent(new CustomEvent("pasur-drop", { detail: card.getAttribute("data-card") }));
  } else if (!motion.reducedMotion()) {
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
const PEEKABLE = "#hand [data-card], #capture-choice [data-capture]";

function peek(node) {
  document.querySelectorAll("#table [data-peek]").forEach(function (card) { card.removeAttribute("data-peek"); });
  const keys = !node || node.disabled ? ""
    : node.hasAttribute("data-capture") ? node.getAttribute("data-capture").replace(/,/g, " ")
    : (node.getAttribute("data-takes") || "");
  keys.split(" ").forEach(function (key) {
    let card = key ? document.querySelector('#table [data-card="' + key + '"]') : null;
    if (card) card.setAttribute("data-peek", "");
  });
}

let keyboard = false; // the player moves with the keys (the focus points at a card), not a pointer

function pointed() {
  const hovered = document.querySelector("#hand [data-card]:hover, #capture-choice [data-capture]:hover");
  const focused = keyboard && document.activeElement && document.activeElement.closest
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
document.addEventListener("keydown", function () { motion.finish(); }, true);
// peek(): the table's cards that what is pointed at could take are marked; peek(card): those of that card.
export const pointer = { peek: function (node) { peek(node || pointed()); } };
