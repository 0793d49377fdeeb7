// Overload's track, played on the board: a pawn the rules let you act on is a button; tapped, the actions the rules
// offer for it (move it, give it or take from it a disc, step it, load it) appear in a bar kept in view at the bottom
// of the screen, one tap each. The track is a list of spaces from the finish (top) down to the start.
import { phrase, t } from "../i18n.js";
import { lastMarks, ui } from "./common.js";

// The pawn tapped, kept across re-renders of the same table version, dropped by a new move.
const chosen = { pawn: null, version: null };

// The legal moves each pawn answers: those naming it, and for the pawn the game waits on (awaited.pawn) those naming
// no pawn but itself implied (load N, step forward/back). A roll belongs to no pawn.
function movesByPawn(legal, pawns, awaited) {
  const byPawn = new Map();
  for (const move of legal) {
    const words = move.split(" ");
    const named = words.find((word) => Object.hasOwn(pawns, word));
    const pawn = named ?? (awaited && awaited.pawn && ["load", "step"].includes(words[0]) ? awaited.pawn : null);
    if (!pawn) continue;
    if (!byPawn.has(pawn)) byPawn.set(pawn, []);
    byPawn.get(pawn).push(move);
  }
  return byPawn;
}

const colourOf = (pawn) => pawn.replace(/[0-9]+$/, "");
// A pawn as the move list names it, without the noun the chip makes plain: "jaune 2" for the list's « pion jaune 2 »
// (the notation's red1 stays on the move buttons' titles).
const pawnWord = (pawn) => pawn.replace(/^([a-z]+)(\d+)$/, (all, side, n) => `${phrase("colours", side) ?? side} ${n}`);

// Where "move P" takes P: the roll forward, the finish when it reaches or passes it (the rules' step 6); null before a roll.
function moveTarget(pawn) {
  const board = ui.view.board;
  return board.turn_progress.roll ? Math.min(board.pawns[pawn].space + board.turn_progress.roll, board.track.finish) : null;
}

const spaceWord = (space) => (space === 0 ? t("trackStart") : space === ui.view.board.track.finish ? t("trackFinish", space) : t("trackSpace", space));

function actionLabel(move) {
  const [verb, arg] = move.split(" ");
  if (verb === "move") return moveTarget(arg) === null ? t("pawnMove") : t("pawnMoveTo", ui.view.board.turn_progress.roll, spaceWord(moveTarget(arg)));
  if (verb === "give" || verb === "take") return t(verb === "give" ? "pawnGive" : "pawnTake", (ui.view.awaited && ui.view.awaited.discs) || 1);
  if (verb === "load") return t("pawnLoad", Number(arg));
  if (verb === "step") return phrase("moveWords", arg) || move;
  return move;
}

// The track drawn into `box`, the action bar into `bar` (outside the board, fixed at the bottom); `onMove` plays.
export function renderOverload(box, bar, onMove, say) {
  const board = ui.view.board;
  const finish = board.track.finish;
  const specials = board.track.specials || {};
  const playable = Boolean(onMove && ui.view.legal.length);
  const actions = playable ? movesByPawn(ui.view.legal, board.pawns, ui.view.awaited) : new Map();
  if (chosen.version !== ui.view.table.version || !actions.has(chosen.pawn)) Object.assign(chosen, { pawn: null, version: ui.view.table.version });
  const here = {};
  for (const [name, pawn] of Object.entries(board.pawns)) (here[pawn.space] = here[pawn.space] || []).push([name, pawn.discs]);
  const track = document.createElement("ol");
  track.className = "track";
  track.setAttribute("aria-label", t("trackLabel"));
  const touched = lastMarks();
  for (let space = finish; space >= 0; space--) {
    const cell = document.createElement("li");
    cell.className = "space" + (space === 0 ? " start" : space === finish ? " finish" : "");
    const number = document.createElement("span");
    number.className = "number";
    const where = spaceWord(space);
    cell.dataset.number = String(space);
    number.textContent = space === 0 || space === finish ? where : String(space);
    number.setAttribute("aria-label", where);
    cell.append(number);
    if (specials[space]) {
      const special = document.createElement("span");
      special.className = "special";
      special.textContent = specials[space];
      cell.append(special);
    }
    for (const [name, discs] of here[space] || []) {
      const chip = document.createElement("button");
      chip.type = "button";
      chip.className = `pawn pawn-${colourOf(name)}` + (touched.includes(name) ? " touched" : "");
      chip.dataset.pawn = name;
      chip.textContent = `${pawnWord(name)} · ${discs}`;
      chip.setAttribute("aria-label", t("pawnLabel", pawnWord(name), discs, where));
      chip.disabled = !actions.has(name);
      if (actions.has(name)) {
        chip.setAttribute("aria-pressed", String(name === chosen.pawn));
        chip.addEventListener("click", () => { chosen.pawn = chosen.pawn === name ? null : name; paint(); });
      }
      cell.append(chip);
    }
    track.append(cell);
  }
  const info = document.createElement("p");
  info.className = "muted";
  info.textContent = t("overloadInfo", board.cup, board.target, board.turn_progress.roll);
  box.append(info, track);
  paint();

  // The chosen pawn pressed, the space a move would take it to ringed, and its actions offered in the bar.
  function paint() {
    for (const chip of track.querySelectorAll(".pawn[aria-pressed]")) {
      chip.setAttribute("aria-pressed", String(chip.dataset.pawn === chosen.pawn));
      chip.classList.toggle("chosen", chip.dataset.pawn === chosen.pawn);
    }
    const target = chosen.pawn && actions.get(chosen.pawn).includes(`move ${chosen.pawn}`) ? moveTarget(chosen.pawn) : null;
    for (const cell of track.children) cell.classList.toggle("destination", target !== null && cell.dataset.number === String(target));
    bar.replaceChildren();
    bar.hidden = !chosen.pawn;
    if (!chosen.pawn) { say(null); return; }
    const title = document.createElement("p");
    title.textContent = t("pawnActions", pawnWord(chosen.pawn));
    const row = document.createElement("div");
    row.className = "row";
    for (const move of actions.get(chosen.pawn)) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "primary";
      button.dataset.move = move;
      button.textContent = actionLabel(move);
      button.addEventListener("click", () => onMove(move));
      row.append(button);
    }
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.textContent = t("cancel");
    cancel.addEventListener("click", () => { const pawn = chosen.pawn; chosen.pawn = null; paint(); track.querySelector(`[data-pawn="${pawn}"]`)?.focus(); });
    row.append(cancel);
    bar.setAttribute("aria-label", t("pawnActions", pawnWord(chosen.pawn)));
    bar.append(title, row);
    say(t("pawnChosen", pawnWord(chosen.pawn), actions.get(chosen.pawn).length));
  }
}
