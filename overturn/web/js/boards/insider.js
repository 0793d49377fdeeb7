// Insider's 5×5 board with the paths between its squares, drawn as a 9×9 grid. For a screen reader it is a list: each
// square, then each path holding pawns, says its name and who stands there ("c3 INSIDER : Zoé 2 pions"); the chips'
// bare counts and the empty paths are hidden from it.
import { t } from "../i18n.js";
import { lastMarks, seatName, ui } from "./common.js";

// Seat N's pawns are drawn in INSIDER_COLOURS[N] (boardgame.css .pawn-pN).
export const INSIDER_COLOURS = ["red", "blue", "green", "orange"];

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
    chip.title = t("pawnsHere", seatName(player), count);
    chip.setAttribute("aria-hidden", "true");
    place.append(chip);
  }
  return holders.length ? holders.map(([count, player]) => t("pawnsHere", seatName(player), count)).join(", ") : t("nobody");
}

export function renderInsider(box) {
  const drawing = ui.view.drawing;
  const grid = document.createElement("div");
  grid.className = "insider-board";
  grid.setAttribute("role", "list");
  grid.setAttribute("aria-label", t("insiderLabel"));
  const byName = new Map(drawing.squares.map((square) => [square.name, square]));
  const pathBetween = new Map((drawing.paths || []).map((path) => [`${path.from}|${path.to}`, path]));
  const columns = [...drawing.columns];
  const touched = lastMarks();
  const spacer = () => { const cell = document.createElement("div"); cell.setAttribute("aria-hidden", "true"); return cell; };
  // a path between two squares: its spaces as dots, a pawn's colour on each it holds
  const pathCell = (from, to, vertical) => {
    const path = pathBetween.get(`${from}|${to}`) || pathBetween.get(`${to}|${from}`);
    const cell = document.createElement("div");
    cell.className = "path" + (vertical ? " vertical" : "");
    const said = [];
    for (const space of path ? (vertical ? [...path.spaces].reverse() : path.spaces) : []) {
      const dot = document.createElement("span");
      dot.className = "path-space" + (touched.includes(space.name) ? " touched" : "");
      dot.dataset.space = space.name;
      const who = pawnsOn(dot, space.pawns);
      dot.title = `${space.name} : ${who}`;
      if (space.pawns.some(Boolean)) said.push(`${space.name} : ${who}`);
      cell.append(dot);
    }
    if (said.length) {
      cell.setAttribute("role", "listitem");
      cell.append(srOnly(t("pathSaid", from, to, said.join(" ; "))));
    } else {
      cell.setAttribute("aria-hidden", "true");
    }
    return cell;
  };
  for (let row = drawing.rows; row >= 1; row--) {
    if (row < drawing.rows) {
      columns.forEach((column, index) => {
        grid.append(pathCell(`${column}${row}`, `${column}${row + 1}`, true));
        if (index < columns.length - 1) grid.append(spacer());
      });
    }
    for (const [index, column] of columns.entries()) {
      if (index > 0) grid.append(pathCell(`${columns[index - 1]}${row}`, `${column}${row}`, false));
      const square = byName.get(`${column}${row}`);
      const cell = document.createElement("div");
      cell.className = "square" + (square.total_out ? " out" : "") + (square.centre ? " centre" : "")
        + (square.base !== null ? ` base base-p${square.base}` : "") + (square.corner && square.base === null ? " closed" : "");
      cell.dataset.square = square.name;
      cell.setAttribute("role", "listitem");
      if (touched.includes(square.name)) cell.classList.add("touched");
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = square.total_out ? `${square.name} OUT` : square.centre ? `${square.name} INSIDER` : square.name;
      cell.append(name);
      const base = square.base !== null ? t("baseOf", seatName(square.base)) : "";
      cell.append(srOnly(` : ${[base, pawnsOn(cell, square.pawns)].filter(Boolean).join(", ")}`));
      grid.append(cell);
    }
  }
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
}
