// The new-game panel, drawn without Python so that a player can choose and press Start while
// Python and the engine are still loading (boot.js draws it at once; the game's Python redraws it
// with the same function for "New game" and language changes, and reads it when a game starts).
//
// window.pasur.setup.renderObjects(texts, config): texts are the page's texts as the game's Python
// shows them (screens/setup.py catalog_texts; before Python, web/texts/<name>.json written by the
// build from the same function): each counted text with each count the panel shows ("players_n/3"),
// and "digits", the page's own digits when they are not Latin. config (web/setup.json, written by the
// build from pasur's presets) lists the presets, the options, the computer levels and the defaults,
// with the language and a note when nothing can be stored. Values already chosen in the panel are
// kept. The limits come from web/generated.js (written by the build from the game's Python).

import { facts } from "./generated.js";
import { hooks } from "./hooks.js";

function node(tag, attrs, children) {
  let element = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (name) {
    const value = attrs[name];
    if (value === null || value === undefined || value === false) return;
    if (name === "text") element.textContent = value;
    else if (name === "className") element.className = value;
    else if (value === true) element.setAttribute(name, "");
    else element.setAttribute(name, String(value));
  });
  (children || []).forEach(function (child) { element.appendChild(child); });
  return element;
}

function option(value, text, selected) {
  let element = node("option", { value: value, text: text });
  element.selected = !!selected;
  return element;
}

const state = { texts: null, config: null };

function digits(text) {
  // A number in the page's digits (given with its texts when they are not Latin).
  const own = state.texts && state.texts.digits;
  if (!own) return String(text);
  return String(text).replace(/[0-9]/g, function (d) { return own[Number(d)]; });
}

// A number shown in the page's digits (``own``) or in Latin ones, as Latin digits ("" when it is not).
function shownNumber(text, own) {
  return Array.from(String(text).trim(), function (c) {
    const at = own ? own.indexOf(c) : -1;
    return at >= 0 ? String(at) : c;
  }).join("").replace(/^.*[^0-9].*$/, "");
}

// The "Play to" said to be wrong or not (wrong: null or undefined leaves it as it is), and written
// anew (shown): the game's Python decides both (model/games.py type_target), and whether a game
// starts with it.
function markTarget(wrong, shown) {
  const field = current("setup-target"), error = current("target-error");
  if (!field || !error) return;
  if (typeof shown === "string") field.value = shown;
  if (typeof wrong === "boolean") error.hidden = !wrong;
  if (error.hidden) field.removeAttribute("aria-invalid");
  else field.setAttribute("aria-invalid", "true");
}

// A text of the page; with a count, the text for that count as the game's Python wrote it.
function t(key, count) {
  const texts = state.texts || {};
  const name = count === undefined ? key : key + "/" + count;
  return name in texts ? texts[name] : name;
}

function current(id) {
  let element = document.getElementById(id);
  return element ? element : null;
}

function seatRows(players, kept) {
  const config = state.config;
  const rows = [];
  for (let seat = 0; seat < players; seat++) {
    const fallback = seat === 0 ? t("you") : t("default_name_" + seat);
    let name = node("input", {
      id: "name-" + seat, type: "text", maxlength: facts.limits.name, autocomplete: "off",
      "aria-label": t("name") + " " + t("seat_n", seat + 1)
    });
    // A name the panel gave (in any language) follows the language; a name typed stays.
    let typed = kept.names[seat] !== undefined && facts.defaultNames.indexOf(kept.names[seat]) < 0;
    name.value = typed ? kept.names[seat] : fallback;
    let kind;
    if (seat === 0) {
      kind = node("span", { className: "seat-kind", text: t("human") });
    } else {
      const chosen = kept.kinds[seat] || config.default_ai;
      kind = node("select", { id: "kind-" + seat, "aria-label": t("seat_n", seat + 1) },
        config.ai_levels.map(function (level) { return option(level, t("ai_" + level), level === chosen); })
          .concat([option("human", t("human"), chosen === "human"),
            option("friend", t("seat_friend_kind"), chosen === "friend")]));
    }
    rows.push(node("div", { className: "seat-row" }, [
      node("span", { className: "seat-label", text: t("seat_n", seat + 1) }), name, kind
    ]));
  }
  let box = current("setup-seats");
  box.textContent = "";
  rows.forEach(function (row) { box.appendChild(row); });
  current("mode-row").hidden = players !== 4;
}

function keptValues() {
  // What the player has already chosen in the panel on screen, if any.
  let kept = { names: {}, kinds: {}, options: {} };
  let players = current("setup-players");
  if (!players) return null;
  kept.players = Number(players.value);
  kept.mode = current("setup-mode").value;
  kept.preset = current("setup-preset").value;
  kept.target = current("setup-target").value;
  kept.fixed = current("setup-fixed").value;
  for (let seat = 0; seat < 4; seat++) {
    if (current("name-" + seat)) kept.names[seat] = current("name-" + seat).value;
    if (current("kind-" + seat)) kept.kinds[seat] = current("kind-" + seat).value;
  }
  state.config.options.forEach(function (name) {
    if (current("opt-" + name)) kept.options[name] = current("opt-" + name).checked;
  });
  return kept;
}

export function renderObjects(texts, config) {
  const before = state.texts && state.texts.digits;
  state.texts = texts;
  state.config = config;
  state.lang = config.lang || document.documentElement.getAttribute("lang") || "en";
  let kept = keptValues() || { names: {}, kinds: {}, options: {} };
  const defaults = config.defaults;
  let players = kept.players || defaults.players;
  const preset = kept.preset || defaults.preset;
  let rules = config.presets[preset];
  const playersSelect = node("select", { id: "setup-players" }, [2, 3, 4].map(function (n) {
    return option(n, t("players_n", n), n === players);
  }));
  const mode = node("select", { id: "setup-mode" }, [
    option("teams", t("teams"), kept.mode !== "solo"), option("solo", t("solo"), kept.mode === "solo")
  ]);
  const presetSelect = node("select", { id: "setup-preset" }, config.preset_order.map(function (name) {
    return option(name, t("preset_" + name), name === preset);
  }));
  // A text field rather than a number field, which has Latin digits only: the number in the
  // page's digits, typed in any (checked by the game's Python, which says it is wrong in #target-error).
  const target = node("input", { id: "setup-target", type: "text", inputmode: "numeric", autocomplete: "off",
    maxlength: 6, "aria-describedby": "target-error" });
  // A number kept is written in this language's digits; anything else stays as typed.
  const typed = kept.target !== undefined ? shownNumber(kept.target, before) : "";
  target.value = typed ? digits(Number(typed)) : kept.target || digits(defaults.target || rules.target);
  const targetError = node("p", { className: "notice save-error", id: "target-error", role: "alert", hidden: true,
    text: capitalized(t("reason_target")) });
  const fixed = node("select", { id: "setup-fixed" }, facts.limits.fixed.map(function (n) {
    return option(n, n ? t("length_deals", n) : t("length_target"), String(n) === (kept.fixed || "0"));
  }));
  const options = config.options.map(function (name) {
    let box = node("input", { id: "opt-" + name, type: "checkbox" });
    box.checked = name in kept.options ? kept.options[name] : !!rules[name];
    return node("label", { className: "check" }, [box, node("span", { text: t("opt_" + name) })]);
  });
  function field(label, control, id) {
    return node("label", { className: "field", id: id }, [node("span", { text: t(label) }), control]);
  }
  // How far the game's Python has come, under Start: a line of its own, kept once Python is ready, so
  // that nothing below Start moves when the words come or go.
  const loading = [node("p", { id: "setup-loading", className: "muted", role: "status" })];
  const note = config.storage_note ? [node("p", { className: "notice storage-note", id: "storage-note",
    text: config.storage_note })] : [];
  const guide = node("div", { className: "guide-offer" }, [
    node("p", { text: t("guide_offer") }),
    node("button", { className: "secondary", id: "guide-start", "data-action": "guide-start", type: "button",
      text: t("guide_start") })
  ]);
  let first = newcomer();
  if (first) guide.classList.add("first-offer");
  const form = node("div", { className: "setup-form" }, [
    node("h2", { text: t("setup_title") })
  ].concat(note).concat(first ? [guide] : []).concat([
    node("div", { className: "setup-grid" }, [
      field("players", playersSelect, "players-row"), field("play_mode", mode, "mode-row"),
      field("preset", presetSelect, "preset-row"), field("target", target, "target-row"),
      field("match_length", fixed, "length-row")
    ]),
    targetError,
    node("fieldset", { className: "seats" }, [node("legend", { text: t("seats") }), node("div", { id: "setup-seats" })]),
    node("details", { className: "options" }, [
      node("summary", { text: t("options") }), node("div", { className: "option-list" }, options)
    ]),
    node("button", { className: "primary", id: "start", "data-action": "start", type: "button", text: t("start") })
  ]).concat(loading).concat(first ? [] : [guide]).concat([  // (the guided deal), today's deal, friends
    node("div", { className: "guide-offer daily-offer" }, [
      node("p", { text: t("daily_offer") }),
      node("button", { className: "secondary", id: "daily-start", "data-action": "daily-start", type: "button",
        text: t("daily_start") })
    ]),
    node("div", { className: "guide-offer friend-offer" }, [
      node("p", { text: t("play_friend_help") }),
      node("button", { className: "secondary", id: "play-friend", "data-action": "play-friend", type: "button",
        text: t("play_friend") })
    ])
  ]));
  const setup = current("setup");
  setup.textContent = "";
  setup.appendChild(form);
  seatRows(players, kept);
  firstSeatName();
}

// Someone who has never played here (no game saved, no statistics) is offered the guided deal
// first, above the new game's choices.
function newcomer() {
  try {
    return !localStorage.getItem(facts.keys.match) && !localStorage.getItem(facts.keys.stats);
  } catch (error) {
    return true; // (storage refused: nothing of this player's is kept)
  }
}

function firstSeatName() {
  // With another human at this device nobody is "you": the first seat is named as the game will name it.
  let name = current("name-0");
  const humans = document.querySelectorAll('#setup-seats select[id^="kind-"]');
  const shared = Array.prototype.some.call(humans, function (select) { return select.value === "human"; });
  const you = t("you");
  let first = t("player_n", 1);
  if (shared && name.value === you) name.value = first;
  if (!shared && name.value === first) name.value = you;
}

function onChange(event) {
  if (!state.config) return;
  const id = event.target.id;
  if (id === "setup-players") {
    seatRows(Number(event.target.value), keptValues());
    firstSeatName();
  } else if (id.indexOf("kind-") === 0) {
    firstSeatName();
  } else if (id === "setup-preset") {
    let rules = state.config.presets[event.target.value];
    if (!rules) return;
    state.config.options.forEach(function (name) { current("opt-" + name).checked = !!rules[name]; });
    markTarget(false, digits(rules.target));
  }
}

function capitalized(text) {
  return text.charAt(0).toLocaleUpperCase(state.lang) + text.slice(1);
}

current("setup").addEventListener("change", onChange); // this script runs after the page's body

hooks.setup = { renderObjects, markTarget };
