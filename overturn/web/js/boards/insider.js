// Insider's 5×5 board with the paths between its squares, played on the board as offboard's is: tap one of your pawns
// (or a Total OUT card the dice let you move), then one of its destinations (highlighted), and confirm. What can be
// tapped comes from the server's legal moves (`step FROM TO`, `totalout FROM TO`); card plays and the turn's choices
// stay in the move list. Every square and path space is a button of at least 44×44 px named in words ("c3 INSIDER :
// Zoé : 2 pion(s)"); an empty space is hidden from a screen reader unless it is a destination.
// Nine 44 px columns (five squares, four paths) fill a 390 px phone, so a path's two spaces cannot lie side by side
// along it: they are stacked across it on a grid of 22 px rows, a horizontal path's reaching half a square above and
// below its squares' row (into the corners between paths, which hold nothing), a vertical path's one above the other.
import { t } from "../i18n.js";
import { lastMarks, seatName, ui } from "./common.js";

// Seat N's pawns are drawn .pawn-pN (boardgame.css), in the colour seatColour (common.js) names for it.

// The pawn or card tapped, kept across re-renders of the same table version (a language switch); after a move
// tapped here, the piece moved stays chosen at its destination while it can go on (a walk is step by step).
const chosen = { place: null, version: null, next: null };

// The legal moves by where they are tapped: a pawn's step or a Total OUT card's move, by its place then its destination.
function movesOnBoard(legal) {
  const moves = new Map();
  for (const move of legal) {
    const [verb, from, to, ...rest] = move.split(" ");
    if (!["step", "totalout"].includes(verb) || !to || rest.length) continue;
    if (!moves.has(from)) moves.set(from, new Map());
    moves.get(from).set(to, move);
  }
  return moves;
}

function srOnly(text) {
  const span = document.createElement("span");
  span.className = "sr-only";
  span.textContent = text;
  return span;
}

// The chips of each seat's pawns on a place, and the words a screen reader gets instead.
function pawnsOn(place, counts) {
  const holders = counts.map((count, player) => [count, player]).filter(([count]) => count);
  for (const [count, player] of holders) {
    const chip = document.createElement("span");
    chip.className = `pawn pawn-p${player}`;
    chip.textContent = String(count);
    chip.setAttribute("aria-hidden", "true");
    place.append(chip);
  }
  return holders.length ? holders.map(([count, player]) => t("pawnsHere", seatName(player), count)).join(", ") : t("nobody");
}

// A place's button at its grid lines (CSSOM: the page's CSP allows no style attribute in markup).
function placeButton(column, row, span) {
  const button = document.createElement("button");
  button.type = "button";
  button.style.gridColumn = String(column);
  button.style.gridRow = `${row} / span ${span}`;
  return button;
}

// The board drawn into `box`; `onMove(move, words)` previews a move; `say` words what a tap could not do.
export function renderInsider(box, onMove, say) {
  const drawing = ui.view.drawing;
  const moves = movesOnBoard(ui.view.legal);
  const playable = Boolean(onMove && moves.size);
  // a seat's phone answers every tap on the board, with a move or with why there is none now (a watcher's board is a picture)
  const seated = Boolean(onMove) && ui.view.you !== null && !ui.revoked;
  const version = ui.view.table.version;
  if (chosen.version !== version) Object.assign(chosen, { place: chosen.next && chosen.next.version === version ? chosen.next.place : null, version, next: null });
  if (!moves.has(chosen.place)) chosen.place = null;
  const grid = document.createElement("div");
  grid.className = "insider-board";
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", t("insiderLabel"));
  const byName = new Map(drawing.squares.map((square) => [square.name, square]));
  const pathBetween = new Map((drawing.paths || []).map((path) => [`${path.from}|${path.to}`, path]));
  const columns = [...drawing.columns];
  const touched = lastMarks();
  const said = new Map();  // a place's words for a screen reader, before "destination possible"
  const cards = new Set(drawing.squares.filter((square) => square.total_out).map((square) => square.name));

  // a path's spaces from `from`'s end to `to`'s
  const spacesBetween = (from, to) => {
    const path = pathBetween.get(`${from}|${to}`);
    if (path) return path.spaces;
    const back = pathBetween.get(`${to}|${from}`);
    return back ? [...back.spaces].reverse() : [];
  };
  const space = (data, column, row, first, across) => {
    const button = placeButton(column, row, 2);
    button.className = "path-space" + (across ? " h" : "") + (first ? " near" : " far") + (touched.includes(data.name) ? " touched" : "");
    button.dataset.space = data.name;
    const dot = document.createElement("span");
    dot.className = "dot";
    const who = pawnsOn(dot, data.pawns);
    button.append(dot, srOnly(`${data.name} : ${who}`));
    button.dataset.occupied = String(data.pawns.some(Boolean));
    said.set(data.name, `${data.name} : ${who}`);
    grid.append(button);
  };
  for (let k = 0; k < drawing.rows; k++) {
    const row = drawing.rows - k;  // a5 on top
    for (const [index, column] of columns.entries()) {
      if (index > 0) {  // the path from the square on the left: its near space on top
        spacesBetween(`${columns[index - 1]}${row}`, `${column}${row}`).forEach((data, i) => space(data, 2 * index, 1 + 6 * k + 2 * i, i === 0, true));
      }
      const square = byName.get(`${column}${row}`);
      const cell = placeButton(2 * index + 1, 2 + 6 * k, 2);
      cell.className = "square" + (square.total_out ? " out" : "") + (square.centre ? " centre" : "")
        + (square.base !== null ? ` base base-p${square.base}` : "") + (square.corner && square.base === null ? " closed" : "")
        + (touched.includes(square.name) ? " touched" : "");
      cell.dataset.square = square.name;
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = square.name;
      cell.append(name);
      const tag = square.total_out ? "OUT" : square.centre ? "INSIDER" : "";
      if (tag) {
        const mark = document.createElement("span");
        mark.className = "tag";
        mark.textContent = tag;
        mark.setAttribute("aria-hidden", "true");  // said in the words after the name
        cell.append(mark);
      }
      const base = square.base !== null ? t("baseOf", seatName(square.base)) : "";
      const words = `${square.name}${tag ? ` ${tag}` : ""} : ${[base, pawnsOn(cell, square.pawns)].filter(Boolean).join(", ")}`;
      cell.append(srOnly(words.slice(square.name.length)));
      said.set(square.name, words);
      grid.append(cell);
      if (k < drawing.rows - 1) {  // the path down to the square below: the space nearer the upper square on top
        spacesBetween(`${column}${row}`, `${column}${row - 1}`).forEach((data, i) => space(data, 2 * index + 1, 4 + 6 * k + 2 * i, i === 0, false));
      }
    }
  }
  for (const place of grid.children) place.addEventListener("click", () => tap(place.dataset.square || place.dataset.space));
  box.append(grid);
  const paths = document.createElement("p");
  paths.className = "muted";
  const onPaths = drawing.on_paths.map((count, player) => `${seatName(player)} ${count}`).join(", ");
  paths.textContent = t("insiderInfo", onPaths, drawing.evaluations[0], drawing.evaluations[1], drawing.staircase.cave, drawing.staircase.top);
  box.append(paths);
  if (drawing.evaluation) {
    const tables = document.createElement("ol");
    tables.className = "tables";
    for (const table of drawing.evaluation.tables) {
      const item = document.createElement("li");
      item.textContent = t("evaluationTable", table.value, table.seat === null ? t("free") : seatName(table.seat));
      if (table.seat !== null) item.className = `taken pawn-p${table.seat}`;
      tables.append(item);
    }
    const title = document.createElement("p");
    title.className = "muted";
    title.textContent = t("evaluationCard", drawing.evaluation.card, drawing.evaluation.penalty);
    box.append(title, tables);
  }
  paint();

  // Each place's state: the chosen piece pressed, its destinations highlighted; only what can be tapped now is a Tab
  // stop, and an empty space that is no destination is neither tapped nor read.
  function paint() {
    const targets = chosen.place ? moves.get(chosen.place) : new Map();
    for (const place of grid.children) {
      const name = place.dataset.square || place.dataset.space;
      const destination = targets.has(name);
      const hidden = Boolean(place.dataset.space) && place.dataset.occupied !== "true" && !destination;
      place.classList.toggle("chosen", name === chosen.place);
      place.classList.toggle("destination", destination);
      place.classList.toggle("can-move", moves.has(name));
      if (moves.has(name)) place.setAttribute("aria-pressed", String(name === chosen.place));
      else place.removeAttribute("aria-pressed");
      place.disabled = !seated || hidden;
      if (hidden) place.setAttribute("aria-hidden", "true");
      else place.removeAttribute("aria-hidden");
      place.tabIndex = playable && (destination || moves.has(name)) ? 0 : -1;
      place.lastChild.textContent = said.get(name).slice(place.dataset.square ? name.length : 0) + (destination ? t("holeDestination") : "");
    }
  }

  // Why a tap cannot play now: another's turn, the turn's main action to choose first, or nothing to step.
  function noStep() {
    const view = ui.view;
    if (view.over) return t("gameOver");
    if (view.turn !== view.you) return t("boardNotYourTurn", seatName(view.turn));
    if (view.legal.some((move) => ["walk", "roll", "draw"].includes(move))) return t("chooseMainFirst");
    return t("noStepNow");
  }

  function tap(name) {
    if (!playable) { say(noStep()); return; }
    const targets = chosen.place ? moves.get(chosen.place) : null;
    if (targets && targets.has(name)) {
      say(null);
      chosen.next = { version: version + 1, place: name };
      const words = cards.has(chosen.place) ? t("totalOutPreview", chosen.place, name) : t("stepPreview", chosen.place, name);
      onMove(targets.get(name), words);
    } else if (moves.has(name)) {
      chosen.place = chosen.place === name ? null : name;
      const count = chosen.place ? moves.get(name).size : 0;
      say(chosen.place ? t(cards.has(name) ? "cardChosen" : "pawnOnChosen", name, count) : null);
      paint();
    } else {
      say(chosen.place ? t("placeNotDestination", name, chosen.place) : t("pickPawn"));
    }
  }
}
