// Trace words: press on a die and slide through its neighbours (mouse, pen and touch alike,
// by pointer events); the path is drawn as it grows, sliding back onto the die before the
// last one takes the last step back, a move to a die that is not a neighbour (or already
// in the path) is ignored, and letting go enters the word.  A multi-letter face (Qu, Th,
// IJ) is one die.  Typing stays: this only adds a way in.
//
//   import { traceWords, tracedFeedback } from "/static/trace.js";
//   traceWords((word) => submit(word));   // tracing on; traceWords(null) turns it off
//   tracedFeedback("FAME", "+1", true);   // the verdict shown where the finger let go
"use strict";

import { clearPath, drawPath } from "/static/board.js";

const $ = (id) => document.getElementById(id);
// A die is entered when the pointer is this close to its centre (a fraction of its side):
// the corners stay free, so a diagonal slide passes between two dice without touching them.
const HIT_RADIUS = 0.42;

const tracer = {
  onWord: null,    // what a finished trace is given, or null while tracing is off
  pointer: null,   // the pointer tracing now
  cells: [],       // the dice of the path so far: [row, col, face]
  last: null,      // the last word entered by tracing and where it ended
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
  $("board").setPointerCapture?.(event.pointerId);
  tracer.cells = [cellOf(cube)];
  showTrace();
}

function move(event) {
  if (event.pointerId !== tracer.pointer) return;
  event.preventDefault();
  for (const point of event.getCoalescedEvents?.() || [event]) {
    const cube = cubeAt(point.clientX, point.clientY);
    if (cube) enter(cube);
  }
}

function finish(event) {
  if (event.pointerId !== tracer.pointer) return;
  tracer.pointer = null;
  const cells = tracer.cells;
  tracer.cells = [];
  delete $("path-overlay").dataset.tracing;
  if (event.type === "pointercancel" || cells.length < 2 || !tracer.onWord) {
    clearPath();
    return;
  }
  const word = cells.map(([, , face]) => face).join("");
  const [row, col] = cells[cells.length - 1];
  tracer.last = { word, row, col };
  tracer.onWord(word, cells.map(([r, c]) => [r, c]));
}

let listening = false;

// Tracing on the page's #board: `onWord(word, path)` gets each traced word (null: off).
export function traceWords(onWord) {
  tracer.onWord = onWord;
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

// The verdict on `word` in a bubble by the die where its trace ended (nothing when the word
// was typed).  The page's own feedback line is the live region screen readers hear.
export function tracedFeedback(word, text, good) {
  const last = tracer.last;
  if (!last || last.word.toLowerCase() !== String(word).toLowerCase()) return;
  tracer.last = null;
  const cube = $("board").querySelector(`.cube[data-row="${last.row}"][data-col="${last.col}"]`);
  if (!cube) return;
  let bubble = $("trace-bubble");
  if (!bubble) {
    bubble = document.createElement("p");
    bubble.id = "trace-bubble";
    bubble.setAttribute("aria-hidden", "true");  // the feedback line says it to screen readers
    $("board-wrap").append(bubble);
  }
  bubble.textContent = text;
  bubble.className = `trace-bubble ${good ? "good" : "bad"}`;
  bubble.dataset.word = word;
  const wrap = $("board-wrap").getBoundingClientRect();
  const box = cube.getBoundingClientRect();
  bubble.style.left = `${Math.round(box.left - wrap.left + box.width / 2)}px`;
  bubble.style.top = `${Math.round(box.top - wrap.top)}px`;
  bubble.hidden = false;
  clearTimeout(tracedFeedback.timer);
  tracedFeedback.timer = setTimeout(() => { bubble.hidden = true; }, 1600);
}
