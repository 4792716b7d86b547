// Trace words: press on a die and slide through its neighbours (mouse, pen and touch alike,
// by pointer events); the path is drawn as it grows, sliding back onto the die before the
// last one takes the last step back, a move to a die that is not a neighbour (or already
// in the path) is ignored, and letting go enters the word.  A multi-letter face (Qu, Th,
// IJ) is one die.  Typing stays: this only adds a way in.
//
//   import { traceWords, wordFeedback } from "/static/trace.js";
//   traceWords((word) => submit(word));   // tracing on; traceWords(null) turns it off
//   wordFeedback("fame", { result: "accepted", text: "+1", points: 1, path });  // the verdict
"use strict";

import { buzz, clearPath, drawPath, sound } from "/static/board.js";

const $ = (id) => document.getElementById(id);
// A die is entered when the pointer is this close to its centre (a fraction of its side):
// the corners stay free, so a diagonal slide passes between two dice without touching them.
const HIT_RADIUS = 0.42;

const tracer = {
  onWord: null,    // what a finished trace is given, or null while tracing is off
  pointer: null,   // the pointer tracing now
  cells: [],       // the dice of the path so far: [row, col, face]
  last: null,      // the last word entered by tracing: { word, cells } ([row, col] each)
  at: null,        // where the pointer was last seen: { x, y }
};

function cubeAt(x, y) {
  for (const cube of $("board").querySelectorAll(".cube")) {
    const box = cube.getBoundingClientRect();
    const dx = x - (box.left + box.width / 2);
    const dy = y - (box.top + box.height / 2);
    if (Math.hypot(dx, dy) <= box.width * HIT_RADIUS) return cube;
  }
  return null;
}

// The points a slide passed through on its way from the last point seen to (x, y). A finger
// (or a pen) slides, it never jumps: where the browser reports its moves far apart, the way
// between them is walked a quarter of a die at a time, so a die slid across quickly is not
// missed (and the next one ignored as no neighbour). Safari on iOS reports about one move a
// frame and, before 18.2, no coalesced ones: a quick slide's points can be half a die apart
// or more. A mouse's points are taken as they come (a mouse may jump).
function slidThrough(x, y, finger) {
  const from = tracer.at;
  tracer.at = { x, y };
  if (!finger || !from) return [[x, y]];
  const side = $("board").querySelector(".cube")?.getBoundingClientRect().width || 44;
  const steps = Math.max(1, Math.ceil(Math.hypot(x - from.x, y - from.y) / (side / 4)));
  const points = [];
  for (let step = 1; step <= steps; step += 1) {
    points.push([from.x + ((x - from.x) * step) / steps, from.y + ((y - from.y) * step) / steps]);
  }
  return points;
}

const cellOf = (cube) => [Number(cube.dataset.row), Number(cube.dataset.col), cube.dataset.face];
const tracedWord = () => tracer.cells.map(([, , face]) => face).join("");

function showTrace() {
  if (!tracer.cells.length) {
    clearPath();
    return;
  }
  drawPath(tracedWord(), tracer.cells.map(([r, c]) => [r, c]));
  $("path-overlay").dataset.tracing = "true";
}

// The pointer is over `cube`: a step forward, a step back, or nothing.
function enter(cube) {
  const [row, col, face] = cellOf(cube);
  const cells = tracer.cells;
  const at = cells.findIndex(([r, c]) => r === row && c === col);
  if (at === cells.length - 1) return;
  if (at >= 0) {
    if (at === cells.length - 2) cells.pop();  // slid back: undo the last step
    else return;
  } else {
    const [lastRow, lastCol] = cells[cells.length - 1];
    if (Math.abs(row - lastRow) > 1 || Math.abs(col - lastCol) > 1) return;  // not a neighbour
    cells.push([row, col, face]);
  }
  showTrace();
}

function start(event) {
  if (!tracer.onWord || tracer.pointer !== null || event.button > 0) return;
  const cube = cubeAt(event.clientX, event.clientY) || event.target.closest?.(".cube");
  if (!cube) return;
  event.preventDefault();  // no text selection, no focus moved away from the word box
  tracer.pointer = event.pointerId;
  tracer.at = { x: event.clientX, y: event.clientY };
  $("board").setPointerCapture?.(event.pointerId);
  tracer.cells = [cellOf(cube)];
  showTrace();
}

function move(event) {
  if (event.pointerId !== tracer.pointer) return;
  event.preventDefault();
  const finger = event.pointerType !== "mouse";
  for (const point of event.getCoalescedEvents?.() || [event]) {
    for (const [x, y] of slidThrough(point.clientX, point.clientY, finger)) {
      const cube = cubeAt(x, y);
      if (cube) enter(cube);
    }
  }
}

function finish(event) {
  if (event.pointerId !== tracer.pointer) return;
  tracer.pointer = null;
  tracer.at = null;
  const cells = tracer.cells;
  tracer.cells = [];
  delete $("path-overlay").dataset.tracing;
  if (event.type === "pointercancel" || cells.length < 2 || !tracer.onWord) {
    clearPath();
    return;
  }
  const word = cells.map(([, , face]) => face).join("");
  const path = cells.map(([r, c]) => [r, c]);
  tracer.last = { word, path };
  tracer.onWord(word, path);
}

let listening = false;

// Tracing on the page's #board: `onWord(word, path)` gets each traced word (null: off).
export function traceWords(onWord) {
  tracer.onWord = onWord;
  if (!onWord) {
    // the round's end: a "+2", the last word's dice lit in its verdict's colour and a trace
    // still under the finger do not stay on the results' board (nor come back as the finger
    // slides on), where a die lit reads as a missed word's path
    hideBubble();
    unflash();
    if (tracer.pointer !== null) {
      delete $("path-overlay").dataset.tracing;
      clearPath();
    }
    tracer.pointer = null;
    tracer.cells = [];
    tracer.at = null;
  }
  const board = $("board");
  board.classList.toggle("traceable", Boolean(onWord));
  if (listening) return;
  listening = true;
  board.addEventListener("pointerdown", start);
  board.addEventListener("pointermove", move);
  board.addEventListener("pointerup", finish);
  board.addEventListener("pointercancel", finish);
  board.addEventListener("lostpointercapture", finish);
}

// The verdict on a word entered, felt on the board (all rounds: solo, daily, challenge, room):
//   result "accepted": its dice flash in the "good" colour and "+N" (`text`) pops by its last die;
//   result "again" (already found): its dice flash in the muted colour;
//   result "rejected" (not a word, not on the board, too short...): its dice flash in the "bad"
//     colour and the board (a traced word) or the word box (a typed one) shakes.
// The dice are `path`'s, or the traced word's; a typed word without a path flashes the board's
// frame. A verdict on a traced word shows `text` in a bubble where the finger let go. The
// phone vibrates (board.js buzz), unless the player turned it off, and with the Sound switch
// on the verdict is heard (board.js sound: a word of more `points` a longer, higher run of
// bright notes; already found a soft low tone; not counted a dull buzz). With reduced motion
// (prefers-reduced-motion) style.css keeps the colours and drops the movement. The page's own
// feedback line (an aria-live region) says the verdict to screen readers; the bubble is hidden
// from them.
export function wordFeedback(word, { result, text, path = null, points = 1 }) {
  const last = tracer.last;
  const traced = Boolean(last && last.word.toLowerCase() === String(word).toLowerCase());
  tracer.last = null;
  const dice = path || (traced ? last.path : null);
  flashDice(dice, result);
  if (result !== "accepted") shake(traced ? $("board-wrap") : $("word-input")?.form ?? $("play-form"));
  // the bubble only while the round is on (tracing on): a verdict that comes after its end
  // (a word sent just before "I'm done") pops none over the results' board
  if (tracer.onWord && dice && dice.length && (traced || result === "accepted")) {
    const [row, col] = dice[dice.length - 1];
    showBubble(word, text, result, row, col);
  }
  buzz(result === "accepted");
  sound(result, points);
  const wrap = $("board-wrap");
  wrap.dataset.verdict = result;      // the last verdict, for a test or a style to read
  wrap.dataset.verdictWord = String(word).toLowerCase();
}

const FLASH_MS = 700;
const FLASHES = ["flash-accepted", "flash-again", "flash-rejected"];

// No die (nor the board's frame) lit in a verdict's colour.
function unflash() {
  const board = $("board");
  clearTimeout(flashDice.timer);
  if (!board) return;
  board.classList.remove(...FLASHES);  // the frame's own flash, when the word before had no dice
  for (const lit of board.querySelectorAll(".flash-accepted, .flash-again, .flash-rejected")) {
    lit.classList.remove(...FLASHES);
  }
}

// The dice at `cells` (or the board's frame, with none) in the verdict's colour a moment.
function flashDice(cells, result) {
  const board = $("board");
  unflash();
  const lit = [];
  for (const [row, col] of cells || []) {
    const cube = board.querySelector(`.cube[data-row="${row}"][data-col="${col}"]`);
    if (cube) lit.push(cube);
  }
  if (!lit.length) lit.push(board);
  void board.offsetWidth;  // a flash again on the same dice starts over
  for (const element of lit) element.classList.add(`flash-${result}`);
  clearTimeout(flashDice.timer);
  flashDice.timer = setTimeout(() => {
    for (const element of lit) element.classList.remove(...FLASHES);
  }, FLASH_MS);
}

// A short shake of `element` (the board or the word box) for a word that does not count.
function shake(element) {
  if (!element) return;
  element.classList.remove("shake");
  void element.offsetWidth;  // restarts the animation on a second rejection in a row
  element.classList.add("shake");
  clearTimeout(shake.timers?.get(element));
  shake.timers = shake.timers || new Map();
  shake.timers.set(element, setTimeout(() => element.classList.remove("shake"), 450));
}

// `text` in a bubble by the die at (row, col), rising a little ("+2" for a word that counts).
function showBubble(word, text, result, row, col) {
  const cube = $("board").querySelector(`.cube[data-row="${row}"][data-col="${col}"]`);
  if (!cube) return;
  let bubble = $("trace-bubble");
  if (!bubble) {
    bubble = document.createElement("p");
    bubble.id = "trace-bubble";
    bubble.setAttribute("aria-hidden", "true");  // the feedback line says it to screen readers
    $("board-wrap").append(bubble);
  }
  bubble.textContent = text;
  const tone = { accepted: "good", again: "again", rejected: "bad" }[result] || "bad";
  bubble.className = "trace-bubble";
  void bubble.offsetWidth;  // the pop starts over for each word
  bubble.dataset.word = word;
  bubble.hidden = false;
  const wrap = $("board-wrap").getBoundingClientRect();
  const box = cube.getBoundingClientRect();
  const below = box.top < bubble.offsetHeight * 1.3;  // no room above, on the screen
  bubble.className = `trace-bubble ${tone} pop${below ? " below" : ""}`;
  bubble.style.left = `${Math.round(box.left - wrap.left + box.width / 2)}px`;
  bubble.style.top = `${Math.round((below ? box.bottom : box.top) - wrap.top)}px`;
  clearTimeout(showBubble.timer);
  showBubble.timer = setTimeout(hideBubble, 1600);
}

function hideBubble() {
  clearTimeout(showBubble.timer);
  const bubble = $("trace-bubble");
  if (bubble) bubble.hidden = true;
}
