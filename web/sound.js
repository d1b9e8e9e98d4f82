// Short sounds made in the page with Web Audio (no sound files), and the sound switch of the top
// bar (#sound-button). The game calls window.pasur.sound.play("deal" | "lay" | "capture" | "sur").
// The full game plays sounds unless the player turned them off (its stored settings,
// key "sound"); an embedded game or a demo (web/boot.js says so: sound.embedded()) is muted,
// and its switch lasts for that frame only.
// Nothing plays before the player's first click or key press (browsers' autoplay rules).
// Hook: html[data-sound="on" | "off"].
import { facts } from "./generated.js";
import { hooks } from "./hooks.js";

const KEY = facts.keys.settings;
const root = document.documentElement;
let embed = false;
let context = null;
let output = null;
let gestured = false;
let noise = null;

function readSettings() {
  try {
    let data = JSON.parse(localStorage.getItem(KEY) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch (error) {
    return {};
  }
}

let enabled = readSettings().sound !== false;

function show() {
  root.setAttribute("data-sound", enabled ? "on" : "off");
  let button = document.getElementById("sound-button");
  if (button) button.setAttribute("aria-pressed", enabled ? "true" : "false");
}

function setEnabled(on) {
  enabled = !!on;
  show();
  if (embed) return;
  const settings = readSettings(); // the page's other settings are kept as they are
  settings.sound = enabled;
  try { localStorage.setItem(KEY, JSON.stringify(settings)); } catch (error) { /* storage off: this page only */ }
}

function audio() {
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
    output = context.createGain();
    output.gain.value = 0.35;
    output.connect(context.destination);
  }
  if (context.state === "suspended") context.resume();
  return context;
}

function noiseBuffer(ctx) {
  if (!noise) {
    noise = ctx.createBuffer(1, Math.floor(ctx.sampleRate * 0.3), ctx.sampleRate);
    let data = noise.getChannelData(0);
    let seed = 7; // a fixed pseudo-random noise: the same sound every time
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 16807) % 2147483647;
      data[i] = (seed / 2147483647) * 2 - 1;
    }
  }
  return noise;
}

// A card on the cloth: a short band of noise, quickly fading.
function flick(ctx, at, length, pitch, volume) {
  const source = ctx.createBufferSource();
  source.buffer = noiseBuffer(ctx);
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = pitch;
  filter.Q.value = 0.9;
  let gain = ctx.createGain();
  gain.gain.setValueAtTime(volume, at);
  gain.gain.exponentialRampToValueAtTime(0.001, at + length);
  source.connect(filter);
  filter.connect(gain);
  gain.connect(output);
  source.start(at);
  source.stop(at + length + 0.02);
}

// A soft bell note.
function tone(ctx, at, frequency, length, volume, type) {
  const oscillator = ctx.createOscillator();
  oscillator.type = type || "sine";
  oscillator.frequency.value = frequency;
  let gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain);
  gain.connect(output);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}

const SOUNDS = {
  lay: function (ctx, t) { flick(ctx, t, 0.07, 1800, 0.9); },
  deal: function (ctx, t) {
    for (let i = 0; i < 4; i++) flick(ctx, t + i * 0.075, 0.05, 2300 + i * 120, 0.6);
  },
  capture: function (ctx, t) {
    flick(ctx, t, 0.07, 1800, 0.8);
    flick(ctx, t + 0.09, 0.16, 1100, 0.5);
    tone(ctx, t + 0.05, 659.3, 0.22, 0.18);
    tone(ctx, t + 0.13, 987.8, 0.3, 0.16);
  },
  sur: function (ctx, t) {
    flick(ctx, t, 0.07, 1800, 0.8);
    [523.3, 659.3, 784, 1046.5].forEach(function (note, i) {
      tone(ctx, t + 0.06 + i * 0.09, note, 0.45, 0.2, "triangle");
    });
  },
};

// Plays a sound `delay` seconds after the page has painted what it drew (a tap's answer is on
// screen first, and the sound comes with it); says whether it will play.
function play(name, delay) {
  if (!enabled || !gestured || !SOUNDS[name]) return false;
  let ctx = audio();
  if (!ctx) return false;
  afterPaint(function () {
    if (enabled) SOUNDS[name](ctx, ctx.currentTime + 0.01 + (Number(delay) || 0));
  });
  return true;
}

function afterPaint(work) {
  requestAnimationFrame(function () { setTimeout(work, 0); });
}

function onGesture() {
  gestured = true;
  window.removeEventListener("pointerdown", onGesture, true);
  window.removeEventListener("keydown", onGesture, true);
  if (!enabled) return;
  // Made once the gesture's own answer is on screen (the page may play sounds from now on, and
  // a sound asked for meanwhile makes it at once), with the cards' noise.
  afterPaint(function () {
    let ctx = audio();
    if (ctx) noiseBuffer(ctx);
  });
}
window.addEventListener("pointerdown", onGesture, true);
window.addEventListener("keydown", onGesture, true);

function bind() {
  show();
  let button = document.getElementById("sound-button");
  if (!button) return;
  button.addEventListener("click", function () {
    gestured = true;
    setEnabled(!enabled);
    if (enabled) play("lay");
  });
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", bind);
else bind();
show();

export const sound = hooks.sound = {
  play: play,
  setEnabled: setEnabled,
  isEnabled: function () { return enabled; },
  embedded: function () { embed = true; enabled = false; show(); }
};
