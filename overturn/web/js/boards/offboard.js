// offboard's hexagon, played on the board: a marble is tapped, then one of its destinations (highlighted); the move is
// then previewed and confirmed as from the move list. Each hole is a 44 px round button named in words ("Bille rouge
// en C6", "Trou libre B6") and shows its notation name, so the board, the move list and the server say the same thing.
// The hexagon stands on its side (row A on the left, I on the right, numbers down each row): a row of nine 44 px
// holes is wider than a 390 px phone, a column of nine is not.
import { phrase, t } from "../i18n.js";
import { lastMarks, ui } from "./common.js";

const ROWS = "ABCDEFGHI";
const COLOURS = ["red", "yellow"];  // seat 0 plays red, seat 1 yellow

// The marble tapped, kept across re-renders of the same table version (a language switch), dropped by a new move.
const chosen = { hole: null, version: null };

// The legal moves by where they are tapped: a step by its marble then its destination, a bounced marble's place by its hole.
function movesOnBoard(legal) {
  const steps = new Map(), places = new Map();
  for (const move of legal) {
    const step = /^([A-I][1-9])-([A-I][1-9])$/.exec(move);
    if (step) {
      if (!steps.has(step[1])) steps.set(step[1], new Map());
      steps.get(step[1]).set(step[2], move);
    } else if (move.startsWith("place ")) {
      places.set(move.slice(6), move);
    }
  }
  return { steps, places };
}

function holeName(name, colour) {
  return colour ? t("holeMarble", phrase("marbles", colour), name) : t("holeFree", name);
}

// The hexagon and its targets, drawn into `box`; `onMove` previews a move; `say` words what a tap could not do.
export function renderOffboard(box, onMove, say) {
  const board = ui.view.board;
  const owner = new Map();
  for (const [colour, holes] of Object.entries(board.board)) for (const hole of holes) owner.set(hole, colour);
  const mine = ui.view.you === null ? null : COLOURS[ui.view.you];
  const playable = Boolean(onMove && ui.view.legal.length);
  const { steps, places } = movesOnBoard(ui.view.legal);
  if (chosen.version !== ui.view.table.version || !steps.has(chosen.hole)) Object.assign(chosen, { hole: null, version: ui.view.table.version });
  const hex = document.createElement("div");
  hex.className = "hex";
  hex.setAttribute("role", "group");
  hex.setAttribute("aria-label", t("hexLabel"));
  const touched = lastMarks();
  for (let row = 0; row < ROWS.length; row++) {
    const line = document.createElement("div");
    line.className = "hex-row";
    line.setAttribute("role", "group");
    line.setAttribute("aria-label", t("hexRow", ROWS[row]));
    for (let col = Math.max(1, row - 3); col <= Math.min(9, row + 5); col++) {
      const name = `${ROWS[row]}${col}`;
      const hole = document.createElement("button");
      hole.type = "button";
      hole.className = "hole" + (owner.has(name) ? ` marble-${owner.get(name)}` : "") + (touched.includes(name) ? " touched" : "");
      hole.dataset.hole = name;
      hole.textContent = name;
      hole.disabled = !playable;
      if (playable) hole.addEventListener("click", () => tap(name));
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
  paint();
  drawTargets(frame, hex);

  // Each hole's state: the chosen marble pressed, its destinations and the places for a bounced marble highlighted;
  // only what can be tapped now is a Tab stop (the other holes still answer a tap, with why not).
  function paint() {
    const targets = chosen.hole ? steps.get(chosen.hole) : new Map();
    for (const hole of hex.querySelectorAll(".hole")) {
      const name = hole.dataset.hole;
      const destination = targets.has(name) || places.has(name);
      hole.classList.toggle("chosen", name === chosen.hole);
      hole.classList.toggle("destination", destination);
      hole.classList.toggle("can-move", steps.has(name));
      if (steps.has(name)) hole.setAttribute("aria-pressed", String(name === chosen.hole));
      else hole.removeAttribute("aria-pressed");
      hole.tabIndex = playable && (destination || steps.has(name)) ? 0 : -1;
      hole.setAttribute("aria-label", holeName(name, owner.get(name)) + (destination ? t("holeDestination") : ""));
    }
  }

  function tap(name) {
    const targets = chosen.hole ? steps.get(chosen.hole) : null;
    if (places.has(name)) {
      say(null);
      onMove(places.get(name));
    } else if (targets && targets.has(name)) {
      say(null);
      onMove(targets.get(name));
    } else if (steps.has(name)) {
      chosen.hole = chosen.hole === name ? null : name;
      say(chosen.hole ? t("marbleChosen", name, steps.get(name).size) : null);
      paint();
    } else if (owner.has(name) && owner.get(name) !== mine) {
      say(phrase("refusals", "not-your-marble"));
    } else if (places.size) {
      say(t("placeFirst"));
    } else if (owner.has(name)) {
      say(t("marbleStuck", name));
    } else {
      say(chosen.hole ? t("notDestination", name, chosen.hole) : t("pickMarble"));
    }
  }
}

// Each target is drawn just outside the edge holes that drain into it, away from the centre E5 (any layout), as
// close as its own size allows (the hexagon fills a phone's width).
const EDGE = 4;

function drawTargets(frame, hex) {
  const centre = hex.querySelector('[data-hole="E5"]');
  if (!centre || !ui.view.targets) return;
  const base = frame.getBoundingClientRect();
  const middle = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2 - base.left, r.top + r.height / 2 - base.top]; };
  const [cx, cy] = middle(centre);
  const radius = centre.getBoundingClientRect().width / 2;
  const touched = lastMarks();
  for (const target of ui.view.targets) {
    const points = target.holes.map((name) => hex.querySelector(`[data-hole="${name}"]`)).filter(Boolean).map(middle);
    if (!points.length) continue;
    const mx = points.reduce((sum, [x]) => sum + x, 0) / points.length;
    const my = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
    const length = Math.hypot(mx - cx, my - cy) || 1;
    const [ux, uy] = [(mx - cx) / length, (my - cy) / length];
    const chip = document.createElement("span");
    chip.className = "target" + (target.holder ? ` held-${target.holder}` : "") + (touched.includes(`target ${target.number}`) ? " touched" : "");
    chip.dataset.target = String(target.number);
    const number = document.createElement("b");
    number.textContent = String(target.number);
    const value = document.createElement("span");
    value.textContent = String(target.value);
    chip.append(number, value);
    chip.title = t("targetTitle", target.number, target.value, target.holder ? phrase("marbles", target.holder) : null);
    chip.setAttribute("role", "img");
    chip.setAttribute("aria-label", chip.title);
    frame.append(chip);
    const away = radius + Math.abs(ux) * chip.offsetWidth / 2 + Math.abs(uy) * chip.offsetHeight / 2 + 2;
    // kept EDGE px clear of the screen's sides: the hexagon fills a 390 px phone, and rows A and I's targets fell on its edge
    const low = EDGE - base.left + chip.offsetWidth / 2;
    const high = document.documentElement.clientWidth - EDGE - base.left - chip.offsetWidth / 2;
    chip.style.left = `${Math.min(high, Math.max(low, mx + ux * away))}px`;
    chip.style.top = `${my + uy * away}px`;
  }
}

