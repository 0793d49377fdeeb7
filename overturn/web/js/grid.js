// The 6×6 grid of the table page: typing and pasting faces cell by cell, the board as text, the path of a word
// drawn over the cells, the rings. In a game each cell is a button (its text box is the editor's, hidden): the grid
// is one Tab stop (roving tabindex), arrows move, Enter or Space adds the cell to the path, Backspace takes the last
// one back and Escape clears it; each button's name says its cell, letter, ring and place in the path.
import { phrase, t } from "./i18n.js";
import { cellName, LETTERS, parseBoard, SIZE } from "./notation.js";
import { $, page } from "./state.js";
import { up } from "./upward.js";

function cells() { return Array.from(document.querySelectorAll("#grid .cell")); }
export function inputs() { return cells().map((cell) => cell.querySelector("input")); }
function faceButtons() { return cells().map((cell) => cell.querySelector(".face")); }

// The one cell of the grid in the Tab order during a game (roving tabindex).
let focused = 0;

export function buildGrid() {
  const grid = $("grid");
  for (let row = 0; row < SIZE; row++) {
    const line = document.createElement("div");
    line.setAttribute("role", "row");
    line.className = "grid-row";
    for (let col = 0; col < SIZE; col++) {
      const index = row * SIZE + col;
      const cell = document.createElement("div");
      cell.className = "cell" + ((Math.floor(row / 2) + Math.floor(col / 2)) % 2 ? " tile-alt" : "");
      cell.setAttribute("role", "gridcell");
      cell.dataset.row = row; cell.dataset.col = col; cell.dataset.name = cellName(row, col);
      const input = document.createElement("input");
      input.autocomplete = "off"; input.spellcheck = false;
      input.setAttribute("autocapitalize", "characters");
      input.setAttribute("aria-label", cellName(row, col));
      input.addEventListener("input", () => onCellInput(index, input));
      input.addEventListener("keydown", (event) => onCellKey(index, event));
      const face = document.createElement("button");
      face.type = "button"; face.className = "face"; face.tabIndex = index === focused ? 0 : -1;
      face.addEventListener("click", () => { rove(index); if (page.current) up.tapCell(index); });
      face.addEventListener("keydown", (event) => onFaceKey(index, event));
      const step = document.createElement("span");
      step.className = "step"; step.setAttribute("aria-hidden", "true");
      cell.append(input, face, step);
      line.append(cell);
    }
    grid.append(line);
  }
  // the pinned board's height, so what the keyboard or a link jumps to is scrolled clear of it (style.css)
  new ResizeObserver(() => { document.documentElement.style.setProperty("--pinned", `${$("board-view").offsetHeight}px`); }).observe($("board-view"));
  for (let col = 0; col < SIZE; col++) { const label = document.createElement("span"); label.textContent = LETTERS[col]; $("col-labels").append(label); }
  for (let row = 0; row < SIZE; row++) { const label = document.createElement("span"); label.textContent = row + 1; $("row-labels").append(label); }
}

// A cell takes what was typed or pasted into it and passes the rest on to the next cells, so
// "QEZAB" fills Qu, E, Z, A, B. A lone Z or Q waits: the next letter may make it ZX or QU.
function onCellInput(index, input) {
  const typed = input.value.toUpperCase().normalize("NFD").replace(/[^A-Z]/g, "");
  boardChanged();
  if (!typed) { input.value = ""; return; }
  if (typed === "Z" || typed === "Q") { input.value = typed; return; }
  const faces = parseBoard(typed.replace(/^ZX/, "[ZX]")).faces;
  const all = inputs();
  faces.forEach((face, offset) => { if (index + offset < all.length) all[index + offset].value = face; });
  focusCell(index + faces.length);
}

function onCellKey(index, event) {
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -SIZE, ArrowDown: SIZE };
  if (event.key in moves) { focusCell(index + moves[event.key]); event.preventDefault(); }
  else if (event.key === "Backspace" && !event.target.value) { focusCell(index - 1); }
  else if (event.key === "Enter" && !page.current) { up.solve(); }
}

function focusCell(index) {
  if (index >= 0 && index < SIZE * SIZE) inputs()[index].select();
}

// A game's cell button: arrows move along the row or column (stopping at the edges), Home and End go to the row's
// ends; Backspace and Escape take back the last cell or the whole path (Enter and Space click the button).
function onFaceKey(index, event) {
  const [row, col] = [Math.floor(index / SIZE), index % SIZE];
  const targets = {
    ArrowLeft: col > 0 ? index - 1 : index, ArrowRight: col < SIZE - 1 ? index + 1 : index,
    ArrowUp: row > 0 ? index - SIZE : index, ArrowDown: row < SIZE - 1 ? index + SIZE : index,
    Home: row * SIZE, End: row * SIZE + SIZE - 1,
  };
  if (event.key in targets) { rove(targets[event.key]); faceButtons()[focused].focus(); }
  else if (event.key === "Backspace" && page.current) up.takeBack();
  else if (event.key === "Escape" && page.current) up.clearTapped();
  else return;
  event.preventDefault();
}

function rove(index) {
  focused = index;
  faceButtons().forEach((button, n) => { button.tabIndex = n === index ? 0 : -1; });
}

function faces() { return inputs().map((input) => (input.value.toUpperCase() === "Q" ? "QU" : input.value.toUpperCase())); }

export function setFaces(list) {
  inputs().forEach((input, index) => { input.value = list[index] || ""; });
  faceButtons().forEach((button, index) => {
    const face = list[index] || "";
    button.textContent = face === "QU" ? "Qu" : face;
    button.classList.toggle("double", face.length > 1);  // two letters in a cell's width, clear of the rings
  });
  clearPath();
}

export function boardText() {
  const rows = [];
  const list = faces().map((face) => (face.length > 1 ? `[${face}]` : face));
  for (let row = 0; row < SIZE; row++) rows.push(list.slice(row * SIZE, row * SIZE + SIZE).join(""));
  return rows.join(" / ");
}

// Any edit of the board makes the word list and verdicts stale: drop them rather than show paths of another board.
export function boardChanged() {
  clearPath();
  page.solution = null;
  page.shown.disputeVerdict = null;
  $("results").innerHTML = ""; $("summary").textContent = "";
  $("dispute-verdict").hidden = true; $("word-info").hidden = true;
  document.body.classList.remove("solved");
}

export function completeBoard() {
  const empty = faces().filter((face) => !face).length;
  if (empty) { up.showError(["incomplete", empty]); return false; }
  return true;
}

export function clearPath() {
  cells().forEach((cell) => {
    cell.classList.remove("on-path", "path-start");
    cell.querySelector(".step").textContent = "";
    labelCell(cell, []);
  });
  $("trace").replaceChildren();
  document.querySelectorAll(".selected").forEach((node) => node.classList.remove("selected"));
}

export function svgNode(name, attributes) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", name);
  Object.entries(attributes).forEach(([key, value]) => node.setAttribute(key, value));
  return node;
}

// The path (cell numbers, as the answers give it) as step numbers in the cells' corners, and lines that join the
// cells' edges rather than their centres, so they never run over a letter; the start is a ring around its cell.
export function showPath(path) {
  clearPath();
  if (!path || !path.length) return;
  const all = cells();
  const steps = new Map();
  path.forEach((number, step) => {
    const cell = all[number];
    cell.classList.add("on-path");
    if (step === 0) cell.classList.add("path-start");
    steps.set(cell, [...(steps.get(cell) || []), step + 1]);
  });
  steps.forEach((numbers, cell) => { cell.querySelector(".step").textContent = numbers.join(","); labelCell(cell, numbers); });
  const [row0, col0] = [Math.floor(path[0] / SIZE), path[0] % SIZE];
  $("trace").append(
    svgNode("path", { d: edgeSegments(path.map((cell) => [Math.floor(cell / SIZE), cell % SIZE])) }),
    svgNode("circle", { cx: col0 + 0.5, cy: row0 + 0.5, r: 0.44 }),
  );
}

// One segment per step between two different cells, cut back by LETTER_CLEARANCE at both ends.
const LETTER_CLEARANCE = 0.3;
function edgeSegments(path) {
  const parts = [];
  for (let step = 1; step < path.length; step++) {
    const [row1, col1] = path[step - 1], [row2, col2] = path[step];
    const length = Math.hypot(row2 - row1, col2 - col1);
    if (!length) continue;
    const [dx, dy] = [((col2 - col1) / length) * LETTER_CLEARANCE, ((row2 - row1) / length) * LETTER_CLEARANCE];
    const [x1, y1, x2, y2] = [col1 + 0.5 + dx, row1 + 0.5 + dy, col2 + 0.5 - dx, row2 + 0.5 - dy].map((n) => n.toFixed(3));
    parts.push(`M${x1} ${y1}L${x2} ${y2}`);
  }
  return parts.join("");
}

export function showRings(rings) {
  cells().forEach((cell, index) => {
    cell.classList.toggle("ring-green", rings[index] === "green");
    cell.classList.toggle("ring-silver", rings[index] === "silver");
    cell.dataset.ring = rings[index] || "";
    labelCell(cell, cell.dataset.steps ? cell.dataset.steps.split(",").map(Number) : []);
  });
}

// A game cell's name for a screen reader: "B3, S, anneau Vert, 2e lettre du chemin" (its steps in the path drawn).
function labelCell(cell, steps) {
  cell.dataset.steps = steps.join(",");
  const parts = [cell.dataset.name, cell.querySelector(".face").textContent];
  if (cell.dataset.ring) parts.push(t("cellRing", phrase("colour", cell.dataset.ring)));
  if (steps.length) parts.push(t("cellSteps", steps));
  cell.querySelector(".face").setAttribute("aria-label", parts.join(", "));
}

