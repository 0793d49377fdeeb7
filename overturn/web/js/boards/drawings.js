// The board games' drawings: Overload's track, Insider's 5×5 board with its paths, offboard's hexagon of 61 holes
// with its targets; the last move's places marked. Drawn from the server's view for this seat.
import { phrase, t } from "../i18n.js";
import { $, lastMarks, seatName, ui } from "./common.js";

function renderOverload(box) {
  const board = ui.view.board;
  const track = document.createElement("div");
  track.className = "track";
  const finish = board.track.finish;
  const specials = board.track.specials || {};
  const here = {};
  for (const [name, pawn] of Object.entries(board.pawns)) {
    (here[pawn.space] = here[pawn.space] || []).push([name, pawn.discs]);
  }
  for (let space = finish; space >= 0; space--) {
    const cell = document.createElement("div");
    cell.className = "space" + (space === 0 ? " start" : space === finish ? " finish" : "");
    const number = document.createElement("span");
    number.className = "number";
    number.textContent = space === 0 ? t("trackStart") : space === finish ? t("trackFinish", space) : String(space);
    cell.append(number);
    if (specials[space]) {
      const special = document.createElement("span");
      special.className = "special";
      special.textContent = specials[space];
      cell.append(special);
    }
    for (const [name, discs] of here[space] || []) {
      const chip = document.createElement("span");
      chip.className = `pawn pawn-${name.replace(/[0-9]+$/, "")}` + (lastMarks().includes(name) ? " touched" : "");
      chip.dataset.pawn = name;
      chip.textContent = `${name} · ${discs}`;
      chip.title = t("pawnDiscs", name, discs);
      cell.append(chip);
    }
    track.append(cell);
  }
  const info = document.createElement("p");
  info.className = "muted";
  info.textContent = t("overloadInfo", board.cup, board.target, board.turn_progress.roll);
  box.append(info, track);
}

function renderInsider(box) {
  const drawing = ui.view.drawing;
  const grid = document.createElement("div");
  grid.className = "insider-board";
  const byName = new Map(drawing.squares.map((square) => [square.name, square]));
  const pathBetween = new Map((drawing.paths || []).map((path) => [`${path.from}|${path.to}`, path]));
  const columns = [...drawing.columns];
  // a 9×9 grid: squares, the paths between neighbours (their spaces as dots, a pawn's colour on each it holds)
  const pathCell = (from, to, vertical) => {
    const path = pathBetween.get(`${from}|${to}`) || pathBetween.get(`${to}|${from}`);
    const cell = document.createElement("div");
    cell.className = "path" + (vertical ? " vertical" : "");
    for (const space of path ? (vertical ? [...path.spaces].reverse() : path.spaces) : []) {
      const dot = document.createElement("span");
      dot.className = "path-space" + (lastMarks().includes(space.name) ? " touched" : "");
      dot.dataset.space = space.name;
      const holders = space.pawns.map((count, player) => [count, player]).filter(([count]) => count);
      dot.title = space.name + (holders.length ? " : " + holders.map(([count, player]) => `${seatName(player)} ${count}`).join(", ") : "");
      for (const [count, player] of holders) {
        const chip = document.createElement("span");
        chip.className = `pawn pawn-p${player}`;
        chip.textContent = String(count);
        dot.append(chip);
      }
      cell.append(dot);
    }
    return cell;
  };
  for (let row = drawing.rows; row >= 1; row--) {
    if (row < drawing.rows) {
      columns.forEach((column, index) => {
        grid.append(pathCell(`${column}${row}`, `${column}${row + 1}`, true));
        if (index < columns.length - 1) grid.append(document.createElement("div"));
      });
    }
    for (const [index, column] of columns.entries()) {
      if (index > 0) grid.append(pathCell(`${columns[index - 1]}${row}`, `${column}${row}`, false));
      const square = byName.get(`${column}${row}`);
      const cell = document.createElement("div");
      cell.className = "square" + (square.total_out ? " out" : "") + (square.centre ? " centre" : "")
        + (square.base !== null ? ` base base-p${square.base}` : "") + (square.corner && square.base === null ? " closed" : "");
      cell.dataset.square = square.name;
      if (lastMarks().includes(square.name)) cell.classList.add("touched");
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = square.total_out ? `${square.name} OUT` : square.centre ? `${square.name} INSIDER` : square.name;
      cell.append(name);
      square.pawns.forEach((count, player) => {
        if (!count) return;
        const chip = document.createElement("span");
        chip.className = `pawn pawn-p${player}`;
        chip.textContent = String(count);
        chip.title = t("pawnsHere", seatName(player), count);
        cell.append(chip);
      });
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

// offboard: the hexagon of 61 holes, row I at the top (I5–I9) down to row A (A1–A5); a tap on one of your
// marbles shows the moves starting from it.
const HEX_ROWS = "ABCDEFGHI";
function renderOffboard(box) {
  const board = ui.view.board;
  const owner = new Map();
  for (const [colour, holes] of Object.entries(board.board)) for (const hole of holes) owner.set(hole, colour);
  const mine = ui.view.you === null ? null : (ui.view.you === 0 ? "red" : "yellow");
  const hex = document.createElement("div");
  hex.className = "hex";
  for (let row = 8; row >= 0; row--) {
    const line = document.createElement("div");
    line.className = "hex-row";
    const first = Math.max(1, row - 3), last = Math.min(9, row + 5);
    for (let col = first; col <= last; col++) {
      const name = `${HEX_ROWS[row]}${col}`;
      const hole = document.createElement("button");
      hole.type = "button";
      hole.className = "hole" + (owner.has(name) ? ` marble-${owner.get(name)}` : "") + (lastMarks().includes(name) ? " touched" : "");
      hole.dataset.hole = name;
      hole.title = name;
      hole.setAttribute("aria-label", `${name} ${owner.has(name) ? phrase("marbles", owner.get(name)) : t("free")}`);
      if (owner.get(name) === mine && ui.view.legal.length) {
        hole.addEventListener("click", () => {
          const group = document.querySelector(`#legal .group[data-key="bille ${name}"]`);
          document.querySelectorAll("#legal .group.chosen, .hole.chosen").forEach((el) => el.classList.remove("chosen"));
          hole.classList.add("chosen");
          if (group) { group.classList.add("chosen"); group.scrollIntoView({ block: "nearest" }); }
        });
      } else {
        hole.disabled = true;
      }
      line.append(hole);
    }
    hex.append(line);
  }
  const frame = document.createElement("div");
  frame.className = "hex-frame";
  frame.append(hex);
  const out = document.createElement("p");
  out.className = "muted";
  out.textContent = t("offboardInfo", board.not_in_play.red, board.not_in_play.yellow, board.in_hand ? phrase("marbles", board.in_hand) : null);
  box.append(frame, out);
  drawTargets(frame, hex);
}

// Each target is drawn just outside the edge holes that drain into it, away from the centre E5 (any layout).
function drawTargets(frame, hex) {
  const centre = hex.querySelector('[data-hole="E5"]');
  if (!centre || !ui.view.targets) return;
  const base = frame.getBoundingClientRect();
  const middle = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2 - base.left, r.top + r.height / 2 - base.top]; };
  const [cx, cy] = middle(centre);
  const touched = lastMarks();
  for (const target of ui.view.targets) {
    const points = target.holes.map((name) => hex.querySelector(`[data-hole="${name}"]`)).filter(Boolean).map(middle);
    if (!points.length) continue;
    const mx = points.reduce((sum, [x]) => sum + x, 0) / points.length;
    const my = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
    const length = Math.hypot(mx - cx, my - cy) || 1;
    const chip = document.createElement("span");
    chip.className = "target" + (target.holder ? ` held-${target.holder}` : "") + (touched.includes(`target ${target.number}`) ? " touched" : "");
    chip.dataset.target = String(target.number);
    chip.textContent = `${target.number}·${target.value}`;
    chip.title = t("targetTitle", target.number, target.value, target.holder ? phrase("marbles", target.holder) : null);
    chip.style.left = `${mx + ((mx - cx) / length) * 26}px`;
    chip.style.top = `${my + ((my - cy) / length) * 26}px`;
    frame.append(chip);
  }
}



export function renderDrawing() {
  const box = $("drawing");
  box.replaceChildren();
  if (ui.view.game === "overload" && ui.view.board && ui.view.board.track) {
    renderOverload(box);
  } else if (ui.view.game === "offboard" && ui.view.board && ui.view.board.board) {
    renderOffboard(box);
  } else if (ui.view.game === "insider" && ui.view.drawing) {
    renderInsider(box);
  } else {
    const pre = document.createElement("pre");
    pre.className = "board";
    pre.textContent = ui.view.board_text;
    box.append(pre);
  }
}

