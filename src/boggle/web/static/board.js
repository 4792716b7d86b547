// The board and a word's path over it, the clock and the API, for every page (an ES module).
// The page has #board-wrap holding #board and the <svg id="path-overlay">, and #path-caption.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
let shownFaces = [];

// Installable: the service worker keeps the pages and static files for a flaky connection
// (browsers run one only on https or on this machine's own address).
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}

// The site's header says which page this is (a room's link, /room/CODE, is "Play with friends").
for (const link of document.querySelectorAll("header.site nav a")) {
  const href = link.getAttribute("href");
  if (location.pathname === href || location.pathname.startsWith(`${href}/`)) {
    link.setAttribute("aria-current", "page");
  }
}

// "Skip to the page's content", the header's first link, puts the focus on the page's heading,
// from which Tab goes on to the page's first control. Not by going to its #content: a place in
// the page is a history entry, so Back would then stay on the page (and a room reads it as
// Back, the question it asks mid-round).
document.querySelector("header.site .skip-link")?.addEventListener("click", (event) => {
  const heading = document.querySelector("#content h1");
  if (!heading) return;
  event.preventDefault();
  heading.tabIndex = -1;
  heading.focus();
});

// A round's list of the words found (#play-found, #my-words) is a tab stop, so the keyboard
// can scroll it, only while it holds words: empty (before a round, as one starts) it is
// nothing to read, and before a round its focus ring was round a box 0 px high.
for (const list of document.querySelectorAll("ol.found, ol.my-words")) {
  const holdsWords = () => {
    if (list.children.length) list.tabIndex = 0;
    else list.removeAttribute("tabindex");
  };
  holdsWords();
  new MutationObserver(holdsWords).observe(list, { childList: true });
}

// A face as the printed game shows it (boggle.model.render.face_label): "Qu", "Th" as English
// cubes print them; "IJ" (Dutch capitalises the digraph whole) and the Spanish "CH", "LL",
// "RR" whole, as their Scrabble tiles print them; "ß" (its capital is two letters, so it stays).
const WHOLE_CAPITALS = new Set(["ij", "ch", "ll", "rr"]);

export function faceLabel(face) {
  if (WHOLE_CAPITALS.has(face)) return face.toUpperCase();
  const first = face.charAt(0).toUpperCase();
  return (first.length === 1 ? first : face.charAt(0)) + face.slice(1);
}

// A face as the compact board text writes it: "q" for the Qu cube, "[th]" for other
// multi-letter faces, so data-board reads back with Board.parse.
function compactFace(face) {
  if (face === "qu") return "q";
  return face.length > 1 ? `[${face}]` : face;
}

export function renderBoard(faces) {
  shownFaces = faces;
  const board = $("board");
  const cols = faces.length ? faces[0].length : 4;
  document.documentElement.style.setProperty("--cols", String(cols));
  board.replaceChildren();
  faces.forEach((row, r) => row.forEach((face, c) => {
    const cube = document.createElement("div");
    cube.className = "cube";
    cube.setAttribute("aria-hidden", "true");  // the board's label reads the letters
    cube.dataset.row = String(r);
    cube.dataset.col = String(c);
    cube.dataset.face = face;
    const label = document.createElement("span");
    label.className = "face";
    label.textContent = faceLabel(face);
    cube.append(label);
    board.append(cube);
  }));
  board.dataset.board = faces.map((row) => row.map(compactFace).join("")).join(" ");
  // a screen reader reads the board as one picture of its rows, "Board, 4 rows of 4 dice.
  // Row 1: F, X, I, E. ..." (role img: the dice themselves are not read, nor a path's step
  // numbers among their letters, "F 1 X I E A 2 M"); a round's word box names it as its
  // description, so the board is read as the round starts and the focus goes there
  board.setAttribute("aria-label", faces.length ? boardSaid(faces) : "Board");
  clearPath();
  // a small board beside a meaning (a room's next round) shows the new letters, no old path
  for (const mini of document.querySelectorAll(".mini-board")) drawMiniPath(mini, null, null);
}

// The board as a screen reader reads it: `boardSaid([["f", "x"], ["qu", "e"]])` is
// "Board, 2 rows of 2 dice. Row 1: F, X. Row 2: Qu, E."
function boardSaid(faces) {
  const rows = faces.map((row, r) => `Row ${r + 1}: ${row.map(faceLabel).join(", ")}.`);
  return `Board, ${faces.length} rows of ${faces[0].length} dice. ${rows.join(" ")}`;
}

export function clearPath() {
  for (const cube of document.querySelectorAll(".cube.in-path")) {
    cube.classList.remove("in-path");
    cube.querySelector(".step")?.remove();
  }
  const overlay = $("path-overlay");
  overlay.replaceChildren();
  delete overlay.dataset.word;
  delete overlay.dataset.cells;
  $("path-caption").textContent = "";
}

export function drawPath(word, path) {
  clearPath();
  if (!path) return;
  const overlay = $("path-overlay");
  const wrap = $("board-wrap");
  overlay.setAttribute("viewBox", `0 0 ${wrap.offsetWidth} ${wrap.offsetHeight}`);
  const points = [];
  path.forEach(([row, col], index) => {
    const cube = $("board").querySelector(`.cube[data-row="${row}"][data-col="${col}"]`);
    if (!cube) return;
    cube.classList.add("in-path");
    const step = document.createElement("span");
    step.className = "step";
    step.textContent = String(index + 1);
    cube.append(step);
    points.push([cube.offsetLeft + cube.offsetWidth / 2, cube.offsetTop + cube.offsetHeight / 2]);
  });
  if (points.length) {
    // the start: a ring inside the first die, round its letter (the line and the ring are
    // under the letters: style.css .face)
    const first = $("board").querySelector(`.cube[data-row="${path[0][0]}"][data-col="${path[0][1]}"]`);
    const start = document.createElementNS(SVG, "circle");
    start.setAttribute("cx", String(points[0][0]));
    start.setAttribute("cy", String(points[0][1]));
    start.setAttribute("r", String(Math.max(9, (first?.offsetWidth ?? 0) * 0.4)));
    start.classList.add("path-start");
    overlay.append(start);
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("points", points.map((p) => p.join(",")).join(" "));
    overlay.append(line);
  }
  overlay.dataset.word = word;
  overlay.dataset.cells = path.map(([r, c]) => `${r},${c}`).join(" ");
  const letters = path.map(([r, c]) => faceLabel(shownFaces[r]?.[c] ?? "?"));
  $("path-caption").textContent = `${word.toUpperCase()}: ${letters.join(" → ")}`;
}

// Cells as data-cells writes them, back: `cellsOf("0,0 0,1")` is [[0, 0], [0, 1]].
function cellsOf(text) {
  return text.split(" ").map((cell) => cell.split(",").map(Number));
}

// The dice change size with the screen (style.css --cube-size: a phone's keyboard opening, a
// turn to landscape): a path drawn stays on its dice. And the board moves (a phone turned
// mid-results: the results beside the board, or far below it): each small board beside a
// meaning is drawn again, shown where its path's dice are now off the screen and hidden where
// they are now on it, once the page has settled (the next frame: a turn fires several resizes).
// After a turn (the width changed, not a keyboard opening) a small board showing a path is
// kept on the screen: the browser's scroll after a turn can leave it just below the fold.
let miniRecheck = 0;
let widthBefore = window.innerWidth;
let turned = false;

window.addEventListener("resize", () => {
  const overlay = $("path-overlay");
  if (overlay?.dataset.word && overlay.dataset.cells) {
    drawPath(overlay.dataset.word, cellsOf(overlay.dataset.cells));
  }
  turned ||= window.innerWidth !== widthBefore;
  widthBefore = window.innerWidth;
  cancelAnimationFrame(miniRecheck);
  miniRecheck = requestAnimationFrame(() => {
    for (const mini of document.querySelectorAll(".mini-board")) {
      const cells = mini.dataset.cells ? cellsOf(mini.dataset.cells) : null;
      drawMiniPath(mini, mini.dataset.word ?? null, cells);
      if (turned && mini.dataset.word && mini.getClientRects().length) {
        mini.scrollIntoView({ block: "nearest" });
      }
    }
    turned = false;
  });
});

// ------------------------------------------------------------------ the keyboard on iOS

// Safari on iOS does not shrink the page's viewport when the on-screen keyboard opens (it
// has no interactive-widget=resizes-content): the keyboard covers the foot of the page, and
// only the visual viewport (window.visualViewport) says how much of the screen is left.
// Where that is less than the page's viewport, style.css's --view-height is set to it, so the
// dice shrink as they do on Android (the board, the clock and the word box above the
// keyboard), and during a round the page is scrolled so the board and the word box are in it.
// Without visualViewport, or where it is as tall as the page's viewport (Android, where the
// page's viewport shrinks itself; a desktop), style.css's own height (100svh) holds.
// For example the keyboard of a 390x844 iPhone leaves about 450 px: a board of 306 px, not 358.
const visual = window.visualViewport;
const KEYBOARD_HEIGHT = "--view-height";

// The height the visual viewport leaves, in the page's pixels (a pinch zoom is not a
// keyboard), or null where it leaves the whole page's viewport.
function heightLeft() {
  const left = visual.height * (visual.scale || 1);
  return left < document.documentElement.clientHeight - 1 ? left : null;
}

// A round's board and its focused word box brought into the visual viewport: the board's top
// at its top where both fit, else the word box at its foot (the box first: it is typed in).
function keepRoundInView() {
  const field = document.activeElement;
  const board = $("board");
  if (!document.body.classList.contains("in-round") || !board) return;
  if (!(field instanceof HTMLInputElement) || !field.closest("form")) return;
  const top = visual.offsetTop;
  const bottom = top + visual.height;
  const boardTop = board.getBoundingClientRect().top;
  const fieldBottom = field.getBoundingClientRect().bottom;
  if (boardTop >= top && fieldBottom <= bottom) return;
  const boardAtTop = boardTop - top - 4;
  const move = fieldBottom - boardAtTop <= bottom ? boardAtTop : fieldBottom - bottom + 4;
  if (Math.abs(move) >= 1) window.scrollBy(0, move);
}

function fitVisualViewport(follow = true) {
  const root = document.documentElement;
  const left = heightLeft();
  const before = root.style.getPropertyValue(KEYBOARD_HEIGHT);
  const wanted = left === null ? "" : `${Math.floor(left)}px`;
  if (wanted !== before) {
    if (wanted) root.style.setProperty(KEYBOARD_HEIGHT, wanted);
    else root.style.removeProperty(KEYBOARD_HEIGHT);
    // and the dice may go under 44 px for it (style.css --die-floor): the whole board in view
    root.toggleAttribute("data-keyboard", Boolean(wanted));
    // the dice changed size without the window's: what follows them (a drawn path) is redrawn
    window.dispatchEvent(new Event("resize"));
  }
  if (left !== null && follow) keepRoundInView();
}

// Safari pans the visual viewport to the focused field just after the keyboard opens, which
// can take the board off the top: that pan is followed too, but not the player's own scrolling
// (to the words found below), which starts with a touch, nor a pinch zoom's resizes and pans
// (its scale changes; the player reading the dice closer).
let keyboardMoving = false;
let scale = visual ? visual.scale : 1;

if (visual && typeof visual.addEventListener === "function") {
  visual.addEventListener("resize", () => {
    const zoomed = visual.scale !== scale;
    scale = visual.scale;
    if (!zoomed) keyboardMoving = true;
    fitVisualViewport(!zoomed);
  });
  visual.addEventListener("scroll", () => {
    if (keyboardMoving && heightLeft() !== null) keepRoundInView();
  });
  window.addEventListener("touchstart", () => { keyboardMoving = false; }, { passive: true });
  // a page shown again from the back/forward cache may find the keyboard gone (or come)
  window.addEventListener("pageshow", (event) => { if (event.persisted) fitVisualViewport(false); });
  fitVisualViewport();
}

// A button for a word whose path is drawn while it is hovered or focused.
export function wordButton(word, path, text, dictionary) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "word";
  button.dataset.word = word;
  button.textContent = text ?? word;
  markLanguage(button, dictionary);
  if (path) {
    button.dataset.path = path.map(([r, c]) => `${r},${c}`).join(" ");
    const show = () => {
      drawPath(word, path);
      if (dictionary !== undefined) showDefinition(button, word, dictionary, path);
    };
    button.addEventListener("mouseenter", show);
    button.addEventListener("focus", show);
    button.addEventListener("mouseleave", clearPath);
    button.addEventListener("blur", clearPath);
  }
  return button;
}

// The word buttons in `container` (the solver's 62 words of FXIE and more) as one Tab stop,
// not one each (a roving tabindex, as the WAI-ARIA tabs and toolbars do): Tab reaches the
// word last at, Right and Left move to the next or the previous word (along its line, then
// on to the next), Down and Up to the word on the line below or above nearest across (the
// words wrap into lines: the next word is often on the same line), Home and End to the
// first and the last, Page Down and Page Up to the next and the previous group's first
// (a .group: the words of a number of points); a screen reader's reading keys read them all
// as before. A missed word's "+ learn" button (learn.js) is in the stop too, as a second
// column: Right and Left go through each word and its button in turn, Down and Up (and the
// other keys) from word to word. `container` is a group named `name`, described by a line
// that says the keys (`keys`): hidden, but shown at the foot of the screen while the
// keyboard is in them (:focus-visible, so not after a tap or a click). Then `keepOneTabStop(container)`
// after each time its words are drawn; called again on the same container it only names it
// and says its keys anew.
const SOLVER_KEYS = "the arrow keys move between the words, Page Down and Page Up between their groups.";
let keyLines = 0;

export function oneTabStop(container, name, keys = SOLVER_KEYS) {
  container.setAttribute("aria-label", name);
  const said = `One Tab stop: ${keys}`;
  if (container.dataset.oneStop) {
    const line = document.getElementById(container.getAttribute("aria-describedby"));
    if (line) line.textContent = said;
    return;
  }
  container.dataset.oneStop = "true";
  // the words shown: a phone's challenge row folds those past its first few (challenge.js)
  const shown = (button) => button.getClientRects().length > 0;
  const words = () => [...container.querySelectorAll("button.word")].filter(shown);
  const groupFirsts = () => [...container.querySelectorAll(".group")]
    .map((group) => group.querySelector("button.word")).filter((word) => word && shown(word));
  const hint = document.createElement("p");
  hint.id = container.id ? `${container.id}-keys` : `one-stop-keys-${++keyLines}`;
  hint.className = "keys-hint visually-hidden";
  hint.textContent = said;
  container.before(hint);
  container.setAttribute("role", "group");
  container.setAttribute("aria-describedby", hint.id);
  container.addEventListener("focusin", (event) => {
    if (event.target.matches?.(STOPS)) takeStop(container, event.target);
    // the keys shown while the keyboard is in the words; not after a tap or a click
    hint.classList.toggle("visually-hidden", !matchesSelector(event.target, ":focus-visible"));
  });
  container.addEventListener("focusout", (event) => {
    if (!container.contains(event.relatedTarget)) hint.classList.add("visually-hidden");
  });
  container.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !event.target.matches?.(STOPS)) return;
    const all = words();
    // a "+ learn" button counts as its word's place for the keys that go from word to word
    const word = event.target.matches("button.word") ? event.target
      : event.target.closest(".learn-pair")?.querySelector("button.word");
    const at = all.indexOf(word);
    const onWord = word === event.target;
    let next = null;
    if (event.key === "ArrowRight") {
      next = onWord ? (event.target.closest(".learn-pair")?.querySelector(".learn-one") ?? all[at + 1]) : all[at + 1];
    } else if (event.key === "ArrowLeft") {
      if (!onWord) next = word;
      else next = all[at - 1]?.closest(".learn-pair")?.querySelector(".learn-one") ?? all[at - 1];
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      next = wordBeside(event.target, all, event.key === "ArrowDown");
    } else if (event.key === "Home") next = all[0];
    else if (event.key === "End") next = all[all.length - 1];
    else if (event.key === "PageDown" || event.key === "PageUp") {
      const firsts = groupFirsts();
      const group = firsts.filter((first) => all.indexOf(first) <= at).length - 1;
      next = firsts[event.key === "PageDown" ? group + 1 : Math.max(group - (firsts[group] === word && onWord ? 1 : 0), 0)];
    } else {
      return;
    }
    event.preventDefault();  // the page does not scroll: the word focused is scrolled to
    if (next) next.focus();
  });
}

const STOPS = "button.word, button.learn-one";

// The word of `words` on the line below `from` (`down`), or above it, nearest to it across:
// where the words wrap into lines (a phone's list, two words a line in a challenge's row),
// Down went to the next word, often on the same line. From a "+ learn" under its word (a
// challenge's row on a wider screen) Up is that word. Null on the last (or first) line.
function wordBeside(from, words, down) {
  const at = from.getBoundingClientRect();
  const middle = (box) => box.left + box.width / 2;
  const boxes = words.map((word) => [word, word.getBoundingClientRect()]);
  // a word on another line: wholly below (above) this one, a pixel of borders allowed
  const beyond = boxes.filter(([, box]) => (down ? box.top >= at.bottom - 2 : box.bottom <= at.top + 2));
  if (!beyond.length) return null;
  const edge = (box) => (down ? box.top : -box.bottom);
  const nearest = Math.min(...beyond.map(([, box]) => edge(box)));
  // that line's words: those starting within half a word's height of its nearest
  const line = beyond.filter(([, box]) => edge(box) < nearest + box.height / 2);
  let best = null;
  for (const [word, box] of line) {
    const apart = Math.abs(middle(box) - middle(at));
    if (!best || apart < best[1]) best = [word, apart];
  }
  return best[0];
}

function takeStop(container, stop) {
  container.dataset.stop = stop.dataset.word;
  container.dataset.stopLearn = stop.matches(".learn-one") ? "true" : "";
  for (const other of container.querySelectorAll(STOPS)) other.tabIndex = other === stop ? 0 : -1;
}

// The words of a oneTabStop container drawn again (a filter typed, a board solved): the
// word (or "+ learn" button) the stop was at if it is still there, else the first word, is
// the one Tab stop.
export function keepOneTabStop(container) {
  const stops = [...container.querySelectorAll(STOPS)];
  const kind = container.dataset.stopLearn ? ".learn-one" : "button.word";
  const kept = container.dataset.stop
    && stops.find((stop) => stop.dataset.word === container.dataset.stop && stop.matches(kind));
  const stop = kept || container.querySelector("button.word");
  if (stop) takeStop(container, stop);
}

// A missed word's button with its points beside it, for a list of words with no heading of
// points (the daily board's, a room's words nobody found): "EMPTY 2" on the screen, "empty 2
// points" to a screen reader (the number alone said nothing). `entry` is a result's word:
// { word, path, written, points }.
export function wordWithPoints(entry, dictionary) {
  const { word, path, written, points } = entry;
  const button = wordButton(word, path, `${writtenWord(word, written)} ${points}`, dictionary);
  const unit = document.createElement("span");
  unit.className = "visually-hidden";
  unit.textContent = points === 1 ? " point" : " points";
  button.append(unit);
  return button;
}

// The definition box of the panel (or section) holding `container` is shown, with a line saying
// what it is for, as soon as its words are: the first meaning shown then takes no room the box
// did not already have, so the words do not move under the pointer (style.css gives the box a
// fixed height of three lines).
export function readyDefinitionBox(container) {
  const holder = container.closest(".panel") ?? container.closest("section");
  const box = holder?.querySelector(".word-definition");
  if (!box) return;
  const mini = miniBoardOf(box);
  const shown = box.dataset.word;
  if (!box.hidden && (!shown || container.querySelector(`.word[data-word="${CSS.escape(shown)}"]`))) {
    return;  // the line, or a meaning being read whose word is still listed (a filter typed)
  }
  box.textContent = "Point at a word or tap it: its path on the board and its meaning.";
  delete box.dataset.word;
  box.hidden = false;
  drawMiniPath(mini, null, null);
}

// ------------------------------------------------------------------ the small board

// On a phone the results are far below the board (860 px on the solo page): a word tapped
// there drew its path out of sight. So the definition box has a small copy of the board
// beside it (an <svg class="mini-board">, decorative: aria-hidden, the meaning says the word
// and #path-caption its letters), showing the path of the word shown: always in the phone
// layout (style.css keeps its room from the start, so nothing below moves), and on a wider
// screen only while the path's dice are not all on the screen, in the box's own three lines.
const MINI_CELL = 10;  // the svg's units a die

// The small board of a definition box, made (with the box wrapped in a .word-meaning row)
// the first time it is asked for: `miniBoardOf(box)`.
function miniBoardOf(box) {
  const row = box.parentElement;
  if (row?.classList.contains("word-meaning")) return row.querySelector(".mini-board");
  const wrapper = document.createElement("div");
  wrapper.className = "word-meaning";
  const mini = document.createElementNS(SVG, "svg");
  mini.setAttribute("class", "mini-board");
  mini.setAttribute("aria-hidden", "true");
  mini.setAttribute("focusable", "false");
  box.before(wrapper);
  wrapper.append(mini, box);
  return mini;
}

// Whether the dice of `path` (the whole board for none) are all on the screen:
// `pathInView([[0, 0], [0, 1]])` is false after a round on a phone, the board far above.
function pathInView(path) {
  const board = $("board");
  if (!board) return false;
  const dice = path?.length
    ? path.map(([r, c]) => board.querySelector(`.cube[data-row="${r}"][data-col="${c}"]`))
    : [board];
  return dice.every((die) => {
    const rect = die?.getBoundingClientRect();
    return rect && rect.height > 0 && rect.top >= 0 && rect.bottom <= window.innerHeight;
  });
}

// The board's letters in `mini`, with `path` (cells [row, col]) of `word` marked: its dice
// filled, a line through them from a dot on the first; `drawMiniPath(mini, null, null)` for
// the letters alone. The svg says what it shows in data-word and data-cells ("0,0 0,1").
export function drawMiniPath(mini, word, path) {
  const rows = shownFaces.length;
  const cols = rows ? shownFaces[0].length : 0;
  mini.setAttribute("viewBox", `0 0 ${cols * MINI_CELL} ${rows * MINI_CELL}`);
  mini.replaceChildren();
  const cells = new Set((path ?? []).map(([r, c]) => `${r},${c}`));
  const letters = [];  // drawn last: over the path's line, as on the board
  shownFaces.forEach((line, r) => line.forEach((face, c) => {
    const die = document.createElementNS(SVG, "rect");
    die.setAttribute("x", String(c * MINI_CELL + 0.5));
    die.setAttribute("y", String(r * MINI_CELL + 0.5));
    die.setAttribute("width", String(MINI_CELL - 1));
    die.setAttribute("height", String(MINI_CELL - 1));
    die.setAttribute("rx", "1.5");
    die.dataset.row = String(r);
    die.dataset.col = String(c);
    if (cells.has(`${r},${c}`)) die.classList.add("in-path");
    const letter = document.createElementNS(SVG, "text");
    letter.setAttribute("x", String(c * MINI_CELL + MINI_CELL / 2));
    letter.setAttribute("y", String(r * MINI_CELL + MINI_CELL / 2));
    const label = faceLabel(face);
    letter.setAttribute("font-size", label.length > 1 ? "4" : "5.5");
    letter.textContent = label;
    mini.append(die);
    letters.push(letter);
  }));
  const centre = ([r, c]) => [c * MINI_CELL + MINI_CELL / 2, r * MINI_CELL + MINI_CELL / 2];
  if (path?.length) {
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("points", path.map((cell) => centre(cell).join(",")).join(" "));
    const [x, y] = centre(path[0]);
    const start = document.createElementNS(SVG, "circle");
    start.setAttribute("cx", String(x));
    start.setAttribute("cy", String(y));
    start.setAttribute("r", "1.8");
    mini.append(line, start);
    mini.dataset.word = word;
    mini.dataset.cells = path.map(([r, c]) => `${r},${c}`).join(" ");
  } else {
    delete mini.dataset.word;
    delete mini.dataset.cells;
  }
  mini.append(...letters);
  // shown where style.css keeps its room (the phone layout) or where the board is out of view
  mini.classList.toggle("off-board", !pathInView(path));
}

// A word's level (boggle.model.word_levels) as the page names it: `levelName("common")` is
// "common word"; null for none or an unknown one.
const LEVEL_NAMES = { common: "common word", standard: "standard word", obscure: "obscure word" };

export function levelName(level) {
  return hasOwn(LEVEL_NAMES, level) ? LEVEL_NAMES[level] : null;
}

// `parts` (text and nodes) put in the live region `element` as its new message, said again by
// a screen reader when it is the message shown already: VoiceOver and NVDA say a live region's
// change only when its text changes, so a message the same as the one shown ("Not quite: the
// word is FAME." for the last word missed twice, "Saved 12 words ..." saved twice) said
// nothing. Such a message gets a no-break space after it (the next one the same, none again),
// as WordPress's wp.a11y.speak does: the text changes, and the space is not read aloud.
export function announce(element, ...parts) {
  const before = element.textContent;
  element.replaceChildren(...parts);
  if (before && element.textContent === before) element.append("\u00a0");
}

// Whether `object` has `key` of its own (not from its prototype): Object.hasOwn, which Safari
// has only from 15.4 (the pages run on Safari 14: docs/web.md).
export function hasOwn(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}

// Whether `element` matches `selector`, false where the browser cannot read the selector
// (Safari before 15.4 throws on :focus-visible and :has()).
function matchesSelector(element, selector) {
  try {
    return element.matches(selector);
  } catch (error) {
    return false;
  }
}

// The line counting a board's words by level, which is also the key to how a missed word's
// chip shows its level (style.css fades and slants the rarer ones; a pointer's hover shows
// its title, but a touch screen has no hover): each level's name is a small chip of that
// look: "The board's words: 12 common, 30 standard, 5 obscure. Missed words below look like
// their level here." `note` goes before the first full stop (" (this room counts common words)"); no `levels`: empty.
export function showLevelCounts(element, levels, note = "") {
  element.replaceChildren();
  if (!levels) return;
  element.append("The board's words: ");
  LEVELS.forEach((level, at) => element.append(at ? ", " : "", `${levels[level]} `, levelSample(level)));
  element.append(`${note}. Missed words below look like their level here.`);
}

// The key alone, where the page has no counts (a challenge's words you did not find):
// "By level: common, standard, obscure." in the samples' looks.
export function showLevelKey(element) {
  element.replaceChildren("By level: ");
  LEVELS.forEach((level, at) => element.append(at ? ", " : "", levelSample(level)));
  element.append(".");
}

const LEVELS = ["common", "standard", "obscure"];

function levelSample(level) {
  const sample = document.createElement("span");
  sample.className = "level-sample";
  sample.dataset.level = level;
  sample.textContent = level;
  return sample;
}

// A word button's level (style.css fades and slants the rarer ones) said in words too: as its
// title, which a screen reader gives as the button's description ("fame, button, obscure
// word") and a pointer shows on hover, without making the chip longer on a phone. A title
// already there (the play page's "2 points") keeps its place first. No known level: nothing.
export function markLevel(button, level) {
  const name = levelName(level);
  if (!name || button.dataset.level === level) return;
  button.dataset.level = level;
  button.title = button.title ? `${button.title}, ${name}` : name;
}

// A word's definition (GET /api/define), shown in the definition box of the word's panel
// (or section): the page's own element with class "word-definition"; each word asked once.
// The box says first the word's level (the button's data-level) and what form it is
// ("plural of lapse"): "LAPSES: (common word; plural of lapse) a mistake...".
const definitions = new Map();

export async function showDefinition(button, word, dictionary, path) {
  const holder = button.closest(".panel") ?? button.closest("section");
  const box = holder?.querySelector(".word-definition");
  if (!box) return;
  drawMiniPath(miniBoardOf(box), word, path ?? null);
  box.hidden = false;
  box.dataset.word = word;
  const key = `${dictionary ?? ""}:${word}`;
  if (!definitions.has(key)) {
    box.textContent = `${word.toUpperCase()}: looking it up...`;
    const params = new URLSearchParams({ word });
    if (dictionary) params.set("dict", dictionary);
    definitions.set(key, api(`/api/define?${params}`).catch((error) => {
      definitions.delete(key);  // asked again next time: the server or the network may be back
      return { error: error.message };
    }));
  }
  const entry = await definitions.get(key);
  if (box.dataset.word !== word) return;  // another word was shown meanwhile
  box.replaceChildren();
  box.removeAttribute("title");
  const head = document.createElement("strong");
  head.textContent = word.toUpperCase() + ": ";
  markLanguage(head, dictionary);  // the word in its list's language (its meaning is English)
  box.append(head);
  if (writtenNote(word, entry.written)) {  // as the language writes it, where the list folds it: aérea
    const written = document.createElement("span");
    written.className = "written";
    written.textContent = writtenNote(word, entry.written);  // also olé, where English writes ole too
    head.textContent = word.toUpperCase() + " (";
    head.append(written, "): ");
  }
  // what a learner should know first: a common word, the plural of lapse...
  const notes = [levelName(button.dataset.level), ...(entry.forms ?? [])].filter(Boolean);
  if (notes.length && !entry.error) box.append(`(${notes.join("; ")}) `);
  if (entry.error) {
    box.append(entry.error);
  } else if (notListed(entry)) {
    box.append(notListed(entry));
  } else if (entry.url) {
    const link = document.createElement("a");
    link.href = entry.url;
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = "see Wiktionary";
    box.append(link);
  } else if (entry.definitions.length) {
    box.append(entry.definitions[0]);
    box.title = entry.definitions[0];  // the whole meaning, where three lines cut it
  } else {
    box.append("no definition known");
  }
}

// What an answer of /api/define says of a word its list lacks (as `boggle define` says it):
// "not a word of the pl list; did you mean ŻÓŁW?", each word named as a heading names it
// ("did you mean CORAÇAO (coração)?": did_you_mean_written), or "" for a word of the list or
// one with a meaning (an English word WordNet knows that the list has not).
export function notListed(found) {
  if (found?.in_word_list !== false || found.definitions?.length) return "";
  const named = Array.isArray(found.did_you_mean) ? found.did_you_mean : [];
  const forms = found.did_you_mean_written && typeof found.did_you_mean_written === "object"
    ? found.did_you_mean_written : {};
  const words = named.map((w) => namedWord(w, hasOwn(forms, w) ? forms[w] : []));
  const guess = words.length ? `; did you mean ${words.join(" or ")}?` : "";
  return `not a word of the ${found.word_list} list${guess}`;
}

// A typed word in lower case as the server reads it (boggle.model.letters.typed_letters and
// lower_letters): compatibility forms as the letters they show (NFKC: a fullwidth ＣＡＴ is
// cat), composed, and a letter for a letter: `lowerLetters("GĘSİ")` is "gęsi", where
// toLowerCase() writes the Turkish capital İ as i and a combining dot, a mark of no letter
// that the "already found" check missed and a Polish or English list read as an accent.
export function lowerLetters(text) {
  return [...text.normalize("NFKC")].map((char) => {
    const [first, ...marks] = char.toLowerCase();
    return first + marks.filter((mark) => !/\p{M}/u.test(mark)).join("");
  }).join("");
}

// A word as a list of words shows it: as its language writes it where the word's list folds
// it (`writtenWord("aerea", ["aérea"])` is "aérea"; several spellings "esté / éste"), else as
// the list holds it.
export function writtenWord(word, written) {
  return Array.isArray(written) && written.length ? written.join(" / ") : word;
}

// A word as a verdict names it (boggle.model.letters.written_name): `namedWord("aerea",
// ["aérea"])` is "AEREA (aérea)", `namedWord("cat")` "CAT"; an English word written both ways
// `namedWord("ole", ["ole", "olé"])` "OLE (also olé)".
export function namedWord(word, written) {
  const note = writtenNote(word, written);
  return upperLetters(word) + (note ? ` (${note})` : "");
}

// A word in capitals a letter for a letter (boggle.model.letters.upper_letters): a letter
// whose capital is several ("ß": "SS") stays, so "straße" is "STRAßE", not another word.
export function upperLetters(word) {
  const upper = word.toUpperCase();
  if ([...upper].length === [...word].length) return upper;
  return [...word].map((letter) => {
    const capital = letter.toUpperCase();
    return [...capital].length === 1 ? capital : letter;
  }).join("");
}

// What a name says in brackets of how the word is written: "aérea", "esté / éste", "also olé"
// (the word itself among its forms: English writes ole too, German Masse as well as Maße), or
// "" for none (a form that differs in its capital alone, the German noun "Haus", adds nothing
// to HAUS).
function writtenNote(word, written) {
  const forms = Array.isArray(written) ? written : [];
  const others = forms.filter((form) => form.toLowerCase() !== word).join(" / ");
  const itself = forms.some((form) => form.toLowerCase() === word);  // Masse: also Maße
  return others && itself ? `also ${others}` : others;
}

// A word the player found, as its round's list shows it: `listedWord("cat", 1)` is an item
// "cat +1" that a hover or tap on the board can find by its data-word; `listedWord("aerea",
// 2, ["aérea"], "es")` reads "aérea +2", the word marked as Spanish (wordInLanguage).
export function listedWord(word, points, written, dictionary) {
  const item = document.createElement("li");
  item.className = "good";
  item.dataset.word = word;
  item.append(wordInLanguage(writtenWord(word, written), dictionary), ` +${points}`);
  return item;
}

// A word in a line of the page's language ("AEREA (aérea): +2", "aérea +2") as a span in its
// list's language (markLanguage), so a screen reader says the word as Spanish and the rest
// as English: `wordInLanguage("AEREA (aérea)", "es")`.
export function wordInLanguage(text, dictionary) {
  const span = document.createElement("span");
  span.textContent = text;
  markLanguage(span, dictionary);
  return span;
}

// What a verdict says after its points or its reason of how the word typed was read, from the
// server's `message`: `verdictNote("read as NAIVE, without accents")` is " (read as NAIVE,
// without accents)" (naïve typed in an English round), `verdictNote("")` "".
export function verdictNote(message) {
  return message ? ` (${message})` : "";
}

// A verdict's line `box` saying `named` (namedWord's "AEREA (aérea)", in the word's list's
// language) then `rest` (": +2", ": not a word", in the page's): `sayVerdict(box, "CAT",
// ": +1", "en")`. Said again when it is the verdict shown (announce): the same wrong word
// typed twice ("ZZZ: not on the board" again) was said once.
export function sayVerdict(box, named, rest, dictionary) {
  announce(box, wordInLanguage(named, dictionary), rest);
}

// ------------------------------------------------------------------ a player's name

// A player's name as the server keeps it (boggle.rooms.limits.player_name): its spaces
// collapsed (those Python's str.split() splits on), composed (NFC): `shownName("  ann  lee ")`
// is "ann lee".
const NAME_SPACES = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

export function shownName(text) {
  return text.split(NAME_SPACES).filter(Boolean).join(" ").normalize("NFC");
}

// The name box `input` held to the server's limit (GET /api/options' limits.max_name_length,
// the library's one number; the box's data-max-chars says it once known), its characters
// counted as the server counts them: the characters (code points) of shownName, so a family
// emoji is 7 and a flag 2, not the UTF-16 units a maxlength counts (11 and 4), which cut a
// name of emoji the server takes. A longer name is refused at once in the server's own words,
// by the box (the browser says it at the form's button) and by `showError`; anything else the
// server refuses (an invisible character) it says itself when the name is sent. Resolves once
// the limit is known (or the server could not say it: it refuses a long name itself then).
// For example `await limitName($("create-name"), showError)`.
export async function limitName(input, showError) {
  let most = Infinity;
  const check = () => {
    const over = [...shownName(input.value)].length > most;
    input.setCustomValidity(
      over ? `a name is 1 to ${most} printable characters (letters, digits, signs, emoji)` : "");
  };
  input.addEventListener("input", check);
  input.addEventListener("invalid", () => {
    if (input.validity.customError) showError(input.validationMessage);
  });
  try {
    most = (await serverOptions()).limits.max_name_length;
  } catch (error) {
    return;
  }
  input.dataset.maxChars = String(most);
  check();
}

// A count and its noun: "1 point", "2 points", "1 word".
export function counted(number, noun, plural = `${noun}s`) {
  return `${number} ${number === 1 ? noun : plural}`;
}

// Something that has just appeared for the player (a round's results, an answer to a form)
// scrolled to the top of the screen when its top is off it or low on it: on a phone the
// header and settings come back when a round ends and push the results below the screen,
// and a room's error line sits above the join form. For example `showInView($("results"))`.
export function showInView(element) {
  const top = element.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight * 0.6) element.scrollIntoView({ block: "start" });
}

// The error line `box` of a challenge's or the daily board's page put where the player looks
// when it is said, as a room's is: under the word box during a round (above the board, one
// appearing moved the dice under a finger, and the word box under a phone's keyboard), under
// the results' heading once they are shown (at the top of the page it was above the screen
// after "I'm done": "the server cannot be reached", words that did not count), else before
// `home`, its place at the top of the page.
export function placeError(box, home) {
  const $ = (id) => document.getElementById(id);
  if (document.body.classList.contains("in-round")) $("feedback").after(box);
  else if (!$("results").hidden) $("results-title").after(box);
  else home.before(box);
}

// Where each round's Start and settings stand before a round (a comment left in their place).
const setupHomes = new WeakMap();

// A round's Start and its settings (`setup`): where the page has them before a round and
// during one, but once a round is over right after `last`, the results' last part, which the
// player reads first ("Play another round" after them, not above the board and results).
// Moved, not only drawn elsewhere, so the order read aloud and tabbed through is the order
// seen; `last` null puts them back. For example `placeRoundSetup($("play-setup"), over ?
// $("play-results") : null)`.
export function placeRoundSetup(setup, last) {
  if (!setupHomes.has(setup)) {
    const home = document.createComment(" the round's Start and settings, before a round ");
    setup.before(home);
    setupHomes.set(setup, home);
  }
  if (last) last.after(setup);
  else setupHomes.get(setup).after(setup);
  setup.classList.toggle("after-results", Boolean(last));
}

// Whether the keyboard's focus has gone nowhere: on the page's body, or on a control now
// hidden, disabled or taken out of the page (a round's word box once the round is over, a
// form replaced by its answer). A page moves the focus on only then, never away from where
// the player has put it.
export function focusLost() {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  return !active.isConnected || active.disabled === true || active.getClientRects().length === 0;
}

// ------------------------------------------------------------------ the keyboard at a round's start

// An iPhone opens its on-screen keyboard only for a focus() made while the player's tap is
// being handled: a round's word box, shown once the board has come from the server, was
// focused with no keyboard, so the player had to find the box and tap it. The tap that starts
// a round calls holdKeyboard() at once, in its handler: a stand-in box (invisible, 16 px so
// iOS does not zoom) takes the focus and the keyboard opens; typeInto(box), once the round is
// shown, moves the focus on to the word box (iOS keeps the keyboard open from one box to the
// next), with any letters typed meanwhile. A round that starts with no tap of the player's
// (a room's round started by another player, a round taken up after a reload) cannot open the
// keyboard: on a touch screen the round's "Tap to type" button (.tap-to-type in the word box's
// form: #tap-to-type, the solo page's #play-tap-to-type) says so, and a tap on it focuses the
// word box. releaseKeyboard(button), where the start failed, puts the
// focus back on the button tapped.
let standIn = null;
let boxTapped = false;  // the round's word box has had the player's tap (its keyboard up)

export function holdKeyboard() {
  if (!standIn) {
    standIn = document.createElement("input");
    standIn.type = "text";
    standIn.className = "keyboard-stand-in";
    standIn.tabIndex = -1;
    standIn.autocomplete = "off";
    standIn.setAttribute("aria-label", "Word (the round is starting)");
    for (const [name, value] of [["autocapitalize", "off"], ["autocorrect", "off"], ["spellcheck", "false"]]) {
      standIn.setAttribute(name, value);
    }
  }
  if (!standIn.isConnected) document.body.append(standIn);
  standIn.focus({ preventScroll: true });
}

function keyboardHeld() {
  return Boolean(standIn) && standIn.isConnected && document.activeElement === standIn;
}

function dropStandIn() {
  if (!standIn) return;
  standIn.value = "";
  standIn.remove();
}

// The focus on `box`, the round's word box: from the stand-in holding the keyboard (its letters
// moved into `box`), or else with the "Tap to type" button shown on a touch screen, unless the
// box has had a tap this round (a room's state, sent again as a player joins, shows the round
// again under a player already typing).
export function typeInto(box) {
  const held = keyboardHeld();
  if (held && standIn.value) box.value += standIn.value.trim();
  box.focus();
  dropStandIn();
  boxTapped = boxTapped || held;
  const tap = box.form?.querySelector(".tap-to-type");
  if (tap) tap.hidden = boxTapped || !window.matchMedia("(pointer: coarse)").matches;
}

// The start tapped did not start a round: the focus back from the stand-in to `button`, the
// page left where it is (the button was on the screen when tapped; a refusal scrolled to its
// error line is not scrolled away from: it was, on a page a line longer).
export function releaseKeyboard(button) {
  if (!keyboardHeld()) return;
  if (button && !button.disabled && button.getClientRects().length) button.focus({ preventScroll: true });
  else standIn.blur();
  dropStandIn();
}

// The round over: "Tap to type" away, and asked for again at the next round.
export function hideTapToType() {
  boxTapped = false;
  for (const tap of document.querySelectorAll(".tap-to-type")) tap.hidden = true;
}

// each "Tap to type" and the word box of its form
for (const tap of document.querySelectorAll(".tap-to-type")) {
  const box = tap.form?.querySelector("input");
  if (box) {
    const tapped = () => {
      boxTapped = true;
      tap.hidden = true;
    };
    tap.addEventListener("click", () => {
      tapped();
      box.blur();  // a box focused already: iOS opens the keyboard only for a focus that moves
      box.focus();
    });
    box.addEventListener("pointerdown", tapped);
  }
}

// A round's results just shown, read first: the screen from `first`, their top or first line
// (a phone scrolls down to it past the board), and the keyboard at `heading` (tabindex -1),
// from which Tab goes on through the results to what comes next. For example
// `focusResults($("play-feedback"), $("play-results-title"))`.
export function focusResults(first, heading) {
  showInView(first);
  heading.focus({ preventScroll: true });
}

// A place shared (equal points: the rooms and challenges break no tie) is written "2=", as in
// the spreadsheets (boggle.rooms.export.shown_rank); `ranks` are those of the table.
export function shownRank(rank, ranks) {
  return ranks.filter((other) => other === rank).length > 1 ? `${rank}=` : String(rank);
}

// Names joined as a sentence says them: "Amir", "Amir and Bea", "Amir, Bea and Cy" (the
// room's "… left the room.", its lobby and match-over lines, a challenge's "the best are …").
export function nameList(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
}

// The rule said under a table with a shared place (`line`, hidden without one), once: "2="
// alone left a club asking who was second. `sharedBeyond`: a place shared with a player not
// listed (the server's word).
export function sayTies(line, ranks, sharedBeyond = false) {
  const shared = sharedBeyond || new Set(ranks).size < ranks.length;
  line.hidden = !shared;
  line.textContent = shared ? "Equal points share a place (2=): there is no tie-break." : "";
}

// ------------------------------------------------------------------ the feel of a round

// Vibration on each word (where the browser has navigator.vibrate): a short pulse for a word
// that counts, a double pulse for one that does not. The player can turn it off with the
// round's "Vibrate" switch (#feel-setting), remembered in localStorage.
export const PULSE_ACCEPTED = [35];
export const PULSE_REJECTED = [40, 70, 40];
// The name this player last played under (a room's, a challenge's): the name boxes' next time.
export const NAME_KEY = "boggle-name";
const FEEL_KEY = "boggle-feel";
const SOUND_KEY = "boggle-sound";

// A switch the player set, remembered in localStorage under `key` ("on" or "off"):
// `remembered(FEEL_KEY, true)` is true unless the Vibrate switch was turned off.
function remembered(key, byDefault) {
  try {
    const kept = localStorage.getItem(key);
    return kept === null ? byDefault : kept === "on";
  } catch (error) {
    return byDefault;  // no storage (a private window that refuses it): the default
  }
}

function remember(key, on) {
  try {
    localStorage.setItem(key, on ? "on" : "off");
  } catch (error) {
    // no storage: the switch holds for this page only
  }
}

// A choice the player made in `field` (a select, or a number box with min and max), kept in
// localStorage under `key` and put back when the page opens again: a Spanish player's word
// list, the round length they play. A kept value the field no longer offers is left aside
// (the field keeps its own); a link's own choice, set after this, still wins.
export function keepChoice(field, key) {
  const fits = (value) => {
    if (field instanceof HTMLSelectElement) return [...field.options].some((o) => o.value === value);
    const number = Number(value);
    return value.trim() !== "" && Number.isInteger(number)
      && number >= Number(field.min || 1) && number <= Number(field.max || Infinity);
  };
  try {
    const kept = localStorage.getItem(key);
    if (kept !== null && fits(kept) && field.value !== kept) {
      field.value = kept;
      field.dispatchEvent(new Event("input"));  // what shows the value follows it
    }
  } catch (error) {
    // no storage: the field's default
  }
  field.addEventListener("change", () => {
    if (!fits(field.value)) return;
    try {
      localStorage.setItem(key, field.value);
    } catch (error) {
      // no storage: the choice holds for this page only
    }
  });
}

// Whether the player wants vibration: `feelOn()` is true unless the switch was turned off.
export function feelOn() {
  return remembered(FEEL_KEY, true);
}

// Whether the player wants sound: `soundOn()` is false until the Sound switch is turned on.
export function soundOn() {
  return remembered(SOUND_KEY, false);
}

// The pulse for a verdict on a word: `buzz(true)` for one that counts, `buzz(false)` otherwise.
export function buzz(accepted) {
  if (!feelOn() || typeof navigator.vibrate !== "function") return;
  try {
    navigator.vibrate(accepted ? PULSE_ACCEPTED : PULSE_REJECTED);
  } catch (error) {
    // a browser that refuses (no user gesture yet): the words still say it
  }
}

// Sound (the round's "Sound" switch, #sound-setting, off until the player turns it on):
// short tones made with the Web Audio API, no files. A sound is a list of notes, each a
// wave, a pitch (Hz), a start and a length (seconds after now), a loudness (0 to 1, of the
// quiet VOLUME) and, for a dull one, a low-pass cutoff (Hz).
const VOLUME = 0.12;
const COUNTED_PITCHES = [1046.5, 1318.5, 1568, 2093];  // C6 E6 G6 C7: one more a point, to 4
export const SOUNDS = {
  // a word already found: one soft low tone
  again: [{ wave: "sine", hz: 262, at: 0, length: 0.16, level: 0.6 }],
  // not a word (or not on the board, too short...): a dull buzz
  rejected: [{ wave: "sawtooth", hz: 98, at: 0, length: 0.22, level: 0.5, cutoff: 450 }],
  // each of the round's last five seconds: a short tick
  tick: [{ wave: "square", hz: 1760, at: 0, length: 0.03, level: 0.25, cutoff: 4000 }],
  // the round's end: a closing chime, three bell tones falling
  end: [
    { wave: "sine", hz: 784, at: 0, length: 0.5, level: 0.7 },
    { wave: "sine", hz: 659.3, at: 0.16, length: 0.5, level: 0.7 },
    { wave: "sine", hz: 523.3, at: 0.32, length: 0.9, level: 0.8 },
  ],
};

// The notes of a sound: `soundNotes("accepted", 3)` is a word of 3 points, a bright rising
// arpeggio of three notes (a note a point, four at most); the others are SOUNDS[kind].
export function soundNotes(kind, points = 1) {
  if (kind !== "accepted") return SOUNDS[kind] || [];
  const count = Math.min(Math.max(1, Math.round(points) || 1), COUNTED_PITCHES.length);
  return COUNTED_PITCHES.slice(0, count).map((hz, index) => ({
    wave: "triangle", hz, at: index * 0.07, length: index === count - 1 ? 0.22 : 0.1, level: 0.8,
  }));
}

// Sounds asked for together (a room's answers arriving in a burst, the words of a connection
// that died sent again; a fast typist) play in turn, SOUND_GAP seconds apart, not all at once
// (six runs of notes over each other, loud and muddy): so no more sound a moment than one
// sound's own notes. A sound that would wait more than SOUND_QUEUE seconds is left out (the
// words and the board still say its verdict), except the round's closing chime.
// For example six words of 1 point answered at once: four heard, 0.27 s apart.
const SOUND_GAP = 0.05;
const SOUND_QUEUE = 1;

// How long the notes of a sound last, in seconds: `soundLength(SOUNDS.again)` is 0.16.
function soundLength(notes) {
  return notes.reduce((longest, note) => Math.max(longest, note.at + note.length), 0);
}

const AudioContextType = window.AudioContext || window.webkitAudioContext;
let audio = null;  // the page's one AudioContext, made at the player's first gesture
let wokenAt = -Infinity;  // when a gesture last made or woke it (performance.now())
const WAKING_MS = 1000;  // how long a context made or woken at a gesture may take to start
let soundsEnd = 0;  // when the sounds already started end (on the context's clock, seconds)

// Made, or woken (a phone suspends it in the background), at a gesture of the player's:
// browsers let a page play sound only after one, so never before.
function wakeSound() {
  if (!AudioContextType || !soundOn()) return;
  try {
    audio = audio || new AudioContextType();
    if (audio.state !== "running") {
      wokenAt = performance.now();
      audio.resume().catch(() => {});
    }
  } catch (error) {
    // refused (no audio device, too many contexts): silence, the board and the words say it
  }
}

// `sound(kind, points)` plays a verdict's sound (kind "accepted", "again" or "rejected", as
// trace.js wordFeedback's result), "tick" or "end"; nothing while the switch is off or before
// the player's first gesture.
export function sound(kind, points = 1) {
  if (!audio || !soundOn()) return;
  try {
    if (audio.state !== "running") {
      // asleep (iOS stops a hidden page's sound, "interrupted", and may wake it only at the
      // next gesture): its clock stands still, so notes started now would all sound at once
      // when it wakes. They are left out, unless a gesture has just made or woken it.
      audio.resume().catch(() => {});
      if (performance.now() - wokenAt > WAKING_MS) return;
    }
    const notes = soundNotes(kind, points);
    const now = audio.currentTime;
    const begin = soundsEnd > now ? soundsEnd + SOUND_GAP : now;  // after the one playing
    if (begin - now > SOUND_QUEUE && kind !== "end") return;  // too many at once: left out
    soundsEnd = begin + soundLength(notes);
    for (const note of notes) {
      const start = begin + note.at;
      const end = start + note.length;
      const tone = audio.createOscillator();
      tone.type = note.wave;
      tone.frequency.value = note.hz;
      const envelope = audio.createGain();  // a quick rise and a fall: no click
      envelope.gain.setValueAtTime(0.0001, start);
      envelope.gain.exponentialRampToValueAtTime(note.level * VOLUME, start + 0.01);
      envelope.gain.exponentialRampToValueAtTime(0.0001, end);
      let last = tone;
      if (note.cutoff) {
        last = audio.createBiquadFilter();
        last.type = "lowpass";
        last.frequency.value = note.cutoff;
        tone.connect(last);
      }
      last.connect(envelope);  // not chained: Safari's webkitAudioContext returns nothing
      envelope.connect(audio.destination);
      tone.onended = () => envelope.disconnect();
      tone.start(start);
      tone.stop(end + 0.02);
    }
  } catch (error) {
    // a browser whose Web Audio refuses: the board and the words still say it
  }
}

// The round's switches (checkboxes with role="switch", beside the clock; feel-setting.html):
// Vibrate, shown where the browser can vibrate, and Sound, shown where it has Web Audio; each
// says and sets the remembered choice, and turned on gives a taste of what it does.
const feelSwitch = $("feel-setting");
if (feelSwitch) {
  feelSwitch.checked = feelOn();
  feelSwitch.addEventListener("change", () => {
    remember(FEEL_KEY, feelSwitch.checked);
    if (feelSwitch.checked) buzz(true);  // what it feels like
  });
  feelSwitch.closest("label").hidden = typeof navigator.vibrate !== "function";
}

const soundSwitch = $("sound-setting");
if (soundSwitch) {
  soundSwitch.checked = soundOn();
  soundSwitch.addEventListener("change", () => {
    remember(SOUND_KEY, soundSwitch.checked);
    if (!soundSwitch.checked) return;
    wakeSound();
    sound("accepted");  // what it sounds like
  });
  soundSwitch.closest("label").hidden = !AudioContextType;
  if (AudioContextType) {
    // a press (Start, a die traced; pointerup is a touch's gesture) or a key
    for (const type of ["pointerdown", "pointerup", "keydown"]) {
      window.addEventListener(type, wakeSound, true);
    }
  }
}

// A switch turned in another tab of the game shows here too (soundOn() and feelOn() read the
// storage each time already), so a switch never says off while the round is heard or felt.
window.addEventListener("storage", (event) => {
  if (soundSwitch && (event.key === SOUND_KEY || event.key === null)) soundSwitch.checked = soundOn();
  if (feelSwitch && (event.key === FEEL_KEY || event.key === null)) feelSwitch.checked = feelOn();
});

// The clock's last ten seconds: the clock in the warning colour (class "low") and, once a
// round, "10 seconds left" said to screen readers in #clock-news (the clock itself is not a
// live region: it would speak every second); with the Sound switch on, each of the last
// TICK_SECONDS seconds ticks once (sound "tick"). `markClock($("timer"), secondsLeft)` each tick.
// A round that had more than a minute to run says "1 minute left" too, in #clock-minute, a
// polite live region: said when the screen reader is done with what it was saying, once a
// round. A round that did not (one of a minute or less, or one taken up after a reload with
// less left) says "30 seconds left" there instead when its clock shows 0:30, once; a round
// of 30 seconds or less has the ten seconds' warning alone. A clock that goes up (the next
// round's, after a round ended early) starts its marks again.
const TICK_SECONDS = 5;
const WARN_MINUTE = 60;
const WARN_HALF = 30;
const hasClock = Boolean($("timer") || $("play-timer"));

function liveLine(id, politeness) {
  const line = document.createElement("p");
  line.id = id;
  line.className = "visually-hidden";
  line.setAttribute("aria-live", politeness);
  document.body.append(line);
  return line;
}

const clockNews = hasClock ? liveLine("clock-news", "assertive") : null;
const minuteNews = hasClock ? liveLine("clock-minute", "polite") : null;

export function markClock(element, left) {
  const low = left <= 10 && left > 0;
  element.classList.toggle("low", left <= 10);
  const second = Math.ceil(left);
  if (left > TICK_SECONDS) {
    delete element.dataset.ticked;
  } else if (left > 0 && element.dataset.ticked !== String(second)) {
    element.dataset.ticked = String(second);
    sound("tick");
  }
  if (left > Number(element.dataset.seen ?? Infinity) + 1) {  // a new round's clock
    delete element.dataset.minute;
    delete element.dataset.warned;
  }
  element.dataset.seen = String(left);
  if (left > WARN_MINUTE) {
    element.dataset.minute = "ahead";  // more than a minute seen: the minute's mark is said
    if (minuteNews) minuteNews.textContent = "";
  } else if (left > WARN_HALF && !element.dataset.minute) {
    element.dataset.minute = "half";  // a minute or less, more than 30 s: 30 s is said
    if (minuteNews) minuteNews.textContent = "";
  } else if (left > 10 && element.dataset.minute === "ahead") {
    element.dataset.minute = "said";
    if (minuteNews) announce(minuteNews, "1 minute left");
  } else if (left > 10 && left <= WARN_HALF && element.dataset.minute === "half") {
    element.dataset.minute = "said";
    if (minuteNews) announce(minuteNews, "30 seconds left");
  }
  if (left <= 0) {
    delete element.dataset.minute;
    delete element.dataset.seen;
    delete element.dataset.warned;  // the next round's ten seconds said, a short one's too
  }
  if (left > 10) {
    delete element.dataset.warned;
    if (clockNews) clockNews.textContent = "";
  } else if (low && !element.dataset.warned) {
    element.dataset.warned = "true";
    // said again when the last round's was the same (two rounds of 5 s: "5 seconds left")
    if (clockNews) announce(clockNews, `${counted(Math.ceil(left), "second")} left`);
  }
}

// Seconds as m:ss.
export function formatClock(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

// A round's length as a player reads it: "3 min", "1 min 30 s", "45 s" (a round is set in
// seconds, but nobody thinks of one as "180 s").
export function roundLength(seconds) {
  const whole = Math.max(0, Math.round(Number(seconds) || 0));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (!minutes) return `${rest} s`;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

// The length in minutes of the round a seconds field sets, in `said` (an <output> beside
// it), kept up as the field is typed in; nothing for a field empty or not a number.
export function showRoundLength(input, said) {
  const show = () => {
    const seconds = Number(input.value);
    const given = input.value.trim() !== "" && Number.isFinite(seconds) && seconds > 0;
    said.textContent = given ? `= ${roundLength(seconds)}` : "";
  };
  input.addEventListener("input", show);
  show();
}

// A countdown shown in `element` until `seconds` from now; `done` runs once, at zero (at once
// for a time already past, as a round taken up after a reload may have).
export function countdown(element, seconds, done) {
  const end = performance.now() + seconds * 1000;
  return ticking(element, () => (end - performance.now()) / 1000, done).stop;
}

// A round's countdown to `ends`, its end in the device's time (Date.now(), as kept for a
// reload), measured with roundClock: `moved(ends)` runs when the device's clock changed
// (to keep the round's new end for a reload). Gives the function that stops it.
export function roundCountdown(element, ends, done, moved) {
  const clock = roundClock(ends, moved);
  return ticking(element, () => clock.left() / 1000, done).stop;
}

function ticking(element, left, done) {
  let handle = 0;
  let over = false;
  const tick = () => {
    if (over) return;
    const seconds = left();
    element.textContent = formatClock(seconds);
    markClock(element, seconds);
    if (seconds <= 0) {
      over = true;
      clearInterval(handle);
      done();
    }
  };
  tick();
  if (!over) handle = setInterval(tick, 250);
  return { stop: () => clearInterval(handle), tick };
}

// A round's time measured with the page's monotonic clock (performance.now()), not the
// device's clock: a phone syncing its time, or its player changing it, mid-round moved the
// round's end (an hour forward ended it at once; back, it ran on for the hour). `ends` is
// the end in the device's time, for a reload (a new page's monotonic clock starts again):
// `left()` (milliseconds) sets `clock.ends` again, and calls `moved(ends)`, when the
// device's clock changed. A device asleep (a phone locked mid-round) may stop the monotonic
// clock: the time the device's clock went on past it while the page was hidden (as seen by
// `left()`, or `seen()` from a visibilitychange listener) counts too, forward only. (No
// listener here: one on the daily and challenge pages let a check cut short by a reload be
// dropped from the words to send again.)
export function roundClock(ends, moved = () => {}) {
  let end = performance.now() + (ends - Date.now());
  let hidden = null;  // { wall, mono } when the page was seen hidden
  const clock = {
    ends,
    seen() {
      if (document.hidden) {
        hidden ??= { wall: Date.now(), mono: performance.now() };
        return;
      }
      if (!hidden) return;
      const asleep = (Date.now() - hidden.wall) - (performance.now() - hidden.mono);
      hidden = null;
      if (asleep > 1000) end -= asleep;
    },
    left() {
      clock.seen();
      const left = end - performance.now();
      if (Math.abs(Date.now() + left - clock.ends) > 2000) {  // the device's clock changed
        clock.ends = Date.now() + left;
        moved(clock.ends);
      }
      return left;
    },
  };
  clock.seen();
  return clock;
}

// A round under way kept in the tab's sessionStorage under `key` (`null` forgets it), so a
// reload, or a phone's browser dropping the tab while another app is in front, comes back to
// it: `keepRound("boggle-daily-round", { ends, words })`, then `keptRound("boggle-daily-round")`.
export function keepRound(key, round) {
  try {
    if (round) sessionStorage.setItem(key, JSON.stringify(round));
    else sessionStorage.removeItem(key);
  } catch (error) {
    // no storage (a private window that refuses it): the round is only not kept
  }
}

export function keptRound(key) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) || "null");
    return kept && typeof kept === "object" ? kept : null;
  } catch (error) {
    return null;
  }
}

// The whole number typed in a number box, for the server to judge: its digits as a BigInt
// where a Number would round them (past 2^53: 99999999999999999999 is 1e20 as a Number, and
// a refusal would quote a number nobody typed); 0 for an empty box; else a Number.
// `typedNumber("12")` is 12, `typedNumber("18446744073709551616")` is 18446744073709551616n.
export function typedNumber(text) {
  const typed = text.trim();
  if (/^\d+$/.test(typed) && !Number.isSafeInteger(Number(typed))) return BigInt(typed);
  return Number(typed || 0);
}

// The Seed box (0 to 2^64-1, its max) checked digit for digit: the browser compares a number
// box with its max as a float, in which 2^64 and 2^64-1 are the same, so its own check lets
// one past the range through. Past its max the box says the range (its data-range, the
// library's words) and keeps its form from being sent.
export function checkSeedRange(box) {
  const check = () => {
    const typed = box.value.trim();
    const over = /^\d+$/.test(typed) && BigInt(typed) > BigInt(box.max);
    box.setCustomValidity(over ? `The seed is ${box.dataset.range}.` : "");
  };
  box.addEventListener("input", check);
  check();
}

// The JSON text of `body`, a BigInt in it written as its digits: a seed past 2^53 sent as a
// Number would be rounded to another seed, and JSON.stringify refuses a BigInt.
export function jsonText(body) {
  const big = [];
  const mark = `big${Math.random().toString(36).slice(2)}-`;  // no string sent holds it
  const marked = JSON.stringify(body, (key, value) =>
    typeof value === "bigint" ? `${mark}${big.push(value) - 1}` : value);
  if (big.length === 0) return marked;
  const quoted = new RegExp(`"${mark}(\\d+)"`, "g");
  return marked.replace(quoted, (whole, index) => big[Number(index)].toString());
}

const OFFLINE_MESSAGE = "you are offline: try again once connected (the boards and their words come from the server)";

// The statuses a proxy answers itself when the server behind it is down or restarting.
export const GATEWAY_DOWN = new Set([502, 503, 504]);

export async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: jsonText(body),
  };
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    // a phone with no connection (the page itself from the service worker's cache) is told
    // so in a player's words; a server that is down, in its operator's
    const failure = new Error(navigator.onLine === false ? OFFLINE_MESSAGE
      : "the server cannot be reached; is boggle serve running?");
    failure.unreachable = true;  // no answer at all (a page may then play on without the server)
    throw failure;
  }
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    // a proxy in front (nginx) answers 502, 503 or 504 of its own, an HTML page, while the
    // server restarts or is down: for the player the server cannot be reached, not "broken"
    if (GATEWAY_DOWN.has(response.status)) {
      const failure = new Error(`the server cannot be reached right now (${response.status}): try again shortly`);
      // the app behind the proxy did not answer: out of reach as with no answer at all (a
      // solo round goes on judged on the page, which judges as the server would)
      failure.unreachable = true;
      failure.gateway = response.status;
      throw failure;
    }
    throw new Error(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok) {
    const failure = new Error(data && data.error ? data.error : `the server answered ${response.status}`);
    failure.status = response.status;  // the server's answer (a 4xx: the request as sent is refused)
    throw failure;
  }
  return data;
}

// The server's dice, rules and limits (GET /api/options), asked once a page.
let askedOptions = null;

export function serverOptions() {
  askedOptions ??= api("/api/options").catch((error) => {
    askedOptions = null;  // asked again next time
    throw error;
  });
  return askedOptions;
}

// The server's word lists (GET /api/dictionaries), asked once a page.
let wordLists = null;

export function fetchWordLists() {
  wordLists ??= api("/api/dictionaries").catch((error) => {
    wordLists = null;  // asked again next time
    throw error;
  });
  return wordLists;
}

// An element holding a word of the list `dictionary` gets the list's language as its `lang`
// where that is not the page's (<html lang="en">), so a screen reader says a Spanish list's
// "aérea" as Spanish, not with English sounds (WCAG 3.1.2). Every page's word chips go
// through wordButton, which calls this; a list not known (or none) leaves the element as it is.
export function markLanguage(element, dictionary) {
  if (typeof dictionary !== "string" || !dictionary) return;
  fetchWordLists().then((lists) => {
    const language = lists.dictionaries.find((entry) => entry.name === dictionary)?.language;
    const page = (document.documentElement.lang || "en").split("-")[0].toLowerCase();
    if (language && language.split("-")[0].toLowerCase() !== page) element.lang = language;
  }).catch(() => {});  // the list's language unknown: the page's stands
}

// Each list's name -> its title, the list as a player reads it, the same on every page:
// "English (111,817 words)" (the server's; a bare "en-70" means nothing to a newcomer).
export async function wordListTitles() {
  const lists = await fetchWordLists();
  return new Map(lists.dictionaries.map((entry) => [entry.name, entry.title || entry.name]));
}

// The dice beside a word list of `language`: English boards roll the dice; another
// language's draw each cell from its list's letters, so the dice are hidden, a note says
// why and the size is asked for instead. The note follows the word list's field it
// depends on, and describes it (aria-describedby), where the form has one (`listSelect`);
// otherwise (a rematch keeps its list) it takes the dice's place. Returns whether the
// dice are used: showDiceFor(dice, sizeLabel, "es", "Spanish", listSelect) === false.
export function showDiceFor(diceSelect, sizeLabel, language, languageName, listSelect = null) {
  const english = !language || language === "en";
  const diceLabel = diceSelect.closest("label");
  const noteId = `${diceSelect.id}-note`;
  let note = document.getElementById(noteId);
  if (!note) {
    note = document.createElement("span");
    note.id = noteId;
    note.className = "dice-note";
    (listSelect?.closest("label") || diceLabel).after(note);
  }
  diceLabel.hidden = !english;
  note.hidden = english;
  note.textContent = english ? "" : `${languageName || "These"} boards are drawn from the list's letters`;
  if (listSelect && english) listSelect.removeAttribute("aria-describedby");
  else if (listSelect) listSelect.setAttribute("aria-describedby", noteId);
  // a size for uniform letters, and a room's board of the list's letters ("letters")
  sizeLabel.hidden = english && !["uniform", "letters"].includes(diceSelect.value);
  return english;
}

// The language of the list chosen in `select` (filled by fillWordLists), and its name.
export function chosenLanguage(select) {
  const option = select.selectedOptions[0];
  return [option?.dataset.language || "", option?.dataset.languageName || ""];
}

// The list a first visit opens with: that of the first of the browser's languages
// (navigator.languages: "es-ES" is es) the server has a list of (the server's default where it
// is of that language, else its first list of it), else the server's default. A list
// remembered from an earlier visit (keepChoice, called after) and a link's ?dict= win over it.
export function browserList(lists, languages = navigator.languages) {
  const tags = languages?.length ? languages : [navigator.language];
  const byDefault = lists.dictionaries.find((entry) => entry.name === lists.default);
  for (const tag of tags) {
    const code = String(tag || "").split("-")[0].toLowerCase();
    if (!code) continue;
    if ((byDefault?.language || "en") === code) return lists.default;
    const found = lists.dictionaries.find((entry) => (entry.language || "en") === code);
    if (found) return found.name;
  }
  return lists.default;
}

// The server's word lists as the options of `select`, each by its title; the list of the
// browser's language chosen (browserList), else the server's default.
export async function fillWordLists(select) {
  const lists = await fetchWordLists();
  const chosen = browserList(lists);
  select.replaceChildren();
  for (const entry of lists.dictionaries) {
    const option = document.createElement("option");
    option.value = entry.name;
    option.dataset.language = entry.language || "";  // another language's list rolls no dice
    option.dataset.languageName = entry.language_name || "";
    option.textContent = entry.title || entry.name;
    option.selected = entry.name === chosen;
    select.append(option);
  }
}

// `link`'s text the address `address`, which ends with `code` (a room's, a challenge's): on a
// small phone it may wrap, but before its code, never inside it (it wrapped anywhere: the
// code's last letter alone on a line). Its text is still the address, copied whole.
export function showAddress(link, address, code) {
  const whole = document.createElement("span");
  whole.className = "nowrap";
  whole.textContent = address.slice(address.length - code.length);
  link.replaceChildren(address.slice(0, address.length - code.length), document.createElement("wbr"), whole);
}

// A Share button after `copy` (a Copy button), where the browser has a share sheet (a phone's:
// messages, chat apps; `navigator.share`, only on https or this machine): `what()` gives what
// to share, { text } or { url }, when it is tapped; made once, the button is returned. None
// where there is no share sheet (most computers, plain http on a network): Copy stays.
//   offerShare($("copy-share"), () => ({ text: $("share-line").textContent }));
export function offerShare(copy, what) {
  if (typeof navigator.share !== "function") return null;
  const id = `${copy.id}-share`;
  const made = document.getElementById(id);
  if (made) return made;
  const button = document.createElement("button");
  button.type = "button";
  button.id = id;
  button.className = "secondary share-button";
  button.textContent = "Share…";
  button.addEventListener("click", () => {
    navigator.share(what()).catch(() => {});  // closed without sharing: nothing to say
  });
  copy.after(" ", button);
  return button;
}

// What a copy did, said to a screen reader too (a status at the page's end): the button's new
// words ("Copied") are not said by every screen reader, which reads a button's name when it
// gets the focus, not when its words change under it.
let copyNews = null;

function sayCopied(words) {
  if (!copyNews) {
    copyNews = document.createElement("p");
    copyNews.id = "copy-news";
    copyNews.className = "visually-hidden";
    copyNews.setAttribute("role", "status");
    document.body.append(copyNews);
  }
  copyNews.textContent = words;
}

// Copies `text` to the clipboard, also on plain http where the Clipboard API is missing (a
// selected field and the copy command: a room's link on a LAN, `boggle serve --lan`);
// `button` then says "Copied", and so does a status for screen readers. When nothing can be
// copied the text of `shown` (an element showing it) is selected, to copy by hand. Safari on
// iOS selects nothing on a field's select(): setSelectionRange selects the text there too.
export async function copyText(text, button, shown) {
  let copied = false;
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch (error) {
      copied = false;  // refused (no permission): the fallback below
    }
  }
  if (!copied) {
    const field = document.createElement("textarea");
    field.value = text;
    field.readOnly = true;
    field.className = "copy-field";
    field.setAttribute("aria-hidden", "true");
    document.body.append(field);
    field.select();
    field.setSelectionRange(0, text.length);  // iOS: select() alone leaves nothing to copy
    try {
      copied = document.execCommand("copy");
    } catch (error) {
      copied = false;
    }
    field.remove();
    button.focus();
  }
  const label = button.dataset.label || button.textContent;
  button.dataset.label = label;
  if (copied) {
    button.textContent = "Copied";
    button.dataset.copied = "true";
  } else {
    if (shown) getSelection().selectAllChildren(shown);
    button.textContent = "Selected: copy it";
  }
  sayCopied(button.textContent);
  clearTimeout(copyText.timer);
  copyText.timer = setTimeout(() => {
    button.textContent = label;
    delete button.dataset.copied;
    sayCopied("");  // said again at the next copy
  }, 2500);
  return copied;
}

// The names of the machine itself: an address on one reaches no other device. The server holds
// the same names (boggle.web.lan LOOPBACK_NAMES, is_loopback_host); a test holds the two to
// the same cases (tests/web/test_share_browser.py).
export const LOOPBACK = ["127.0.0.1", "localhost", "[::1]"];

// Where other devices reach this server: its first network address of `shareURLs` (boggle
// serve --lan, GET /api/share) when this page was opened on the machine itself (127.0.0.1,
// useless to a friend), else the address the page was opened at. The room's link and the
// daily board's link to share both use it, as do a challenge's links (shareURLs below).
export function shareOrigin(shareURLs) {
  const loopback = LOOPBACK.includes(location.hostname);
  return loopback && shareURLs.length ? new URL(shareURLs[0]).origin : location.origin;
}

// Under a link to share on a server for this machine alone (boggle serve without --lan, so no
// network address to give): `note` (a <p class="help">) says that its address reaches no
// friend's phone and how to serve the phones on the same Wi-Fi; hidden for any other address.
// The room's link, the daily board's result, "Challenge a friend" and the challenge page's
// link all say it so, once a page: a note already shown on the page (the room's, above a
// round's "Challenge a friend") is not said again under the next link. Whether `address` is
// this machine's alone is returned.
export function sayLocalOnly(note, address) {
  const host = new URL(address).hostname;
  const local = LOOPBACK.includes(host);
  note.classList.add("local-only");
  const said = [...document.querySelectorAll(".local-only")].some(
    (other) => other !== note && other.isConnected && !other.closest("[hidden]") && other.childNodes.length);
  note.hidden = !local || said;
  note.replaceChildren();
  if (note.hidden) return local;
  const command = document.createElement("code");
  command.className = "nowrap";  // never "boggle serve --" on one line, "lan" on the next
  command.textContent = "boggle serve --lan";
  note.append(`Only this device opens ${host}: for phones on the same Wi-Fi, start the server with `,
    command, ", and this page shows the address they open.");
  return true;
}

// This server's addresses for other devices (GET /api/share, boggle serve --lan), asked once a
// page; none when they cannot be asked (the page's own address is then the one to give).
// "Challenge a friend" and the challenge page give their link on shareOrigin(await shareURLs()).
let shareAsked = null;

export function shareURLs() {
  shareAsked = shareAsked || api("/api/share").then((shared) => shared.urls, () => []);
  return shareAsked;
}
