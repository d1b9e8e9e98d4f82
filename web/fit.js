// The game fills the window below the top bar (--stage-h, style.css): the hand at the bottom, the
// table taking the room left, its cards smaller when they would not fit in it (--table-w). Worked out
// again after each drawing (web/motion.js) and whenever the room left changes.

// A custom property set only when its value changes: setting it again would make the browser
// work out the styles and the layout anew, in the middle of a tap.
function setLength(node, name, value) {
  if (node.style.getPropertyValue(name) === value) return;
  if (value) node.style.setProperty(name, value);
  else node.style.removeProperty(name);
}

// The game fills the window below the top bar and the notices (--stage-h, style.css).
function stage() {
  const app = document.getElementById("app");
  if (!app) return;
  let style = getComputedStyle(app);
  let height = app.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  if (height > 0) setLength(document.documentElement, "--stage-h", Math.floor(height) + "px");
}

// A table card's own size (without --table-w), measured again only when the window's size or
// the page's kind (html's classes: an embed has smaller cards) changes.
let natural = { key: "", width: 0, ratio: 1.4 };

function naturalSize(table, card) {
  const key = window.innerWidth + "x" + window.innerHeight + " " + document.documentElement.className;
  if (natural.key !== key || !natural.width) {
    setLength(table, "--table-w", "");
    let width = card.offsetWidth;
    natural = { key: key, width: width, ratio: card.offsetHeight / width || 1.4 };
  }
  return natural;
}

// The table takes the room left: its cards get smaller when they would not fit in it.
function fit() {
  stage();
  const table = document.getElementById("table");
  if (!table) return;
  const cards = table.querySelectorAll(":scope > .card, :scope > .slot"); // a card's empty place counts
  const n = cards.length;
  if (!n) {
    setLength(table, "--table-w", "");
    return;
  }
  const size = naturalSize(table, cards[0]);
  let style = getComputedStyle(table);
  let width = table.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  let height = table.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const gap = parseFloat(style.columnGap) || 0;
  const full = size.width;
  let best = 0;
  for (let rows = 1; rows <= n; rows++) {
    const cols = Math.ceil(n / rows);
    const w = Math.min(full, (width - (cols - 1) * gap) / cols, (height - (rows - 1) * gap) / rows / size.ratio);
    best = Math.max(best, w);
  }
  setLength(table, "--table-w", best < full ? Math.floor(best) + "px" : "");
}

window.addEventListener("resize", fit);
if (window.ResizeObserver) { // the banner came or went, a frame changed its height: the room left changed
  const watched = document.getElementById("app");
  if (watched) new ResizeObserver(function () { fit(); }).observe(watched);
}
export { fit };
