// The board games' drawings, each game's in its own module (offboard.js, overload.js, insider.js), drawn from the
// server's view for this seat with the last move's places outlined (each seat's colour is shown once, beside its name
// in the score list, in all three games); here what they share: the line that says why a tap did nothing, the way a
// tap plays (given by boardgame.js), keeping the board in view beside the confirm box, and Insider's Bodyguard answers
// beside its countdown.
import { phrase, t } from "../i18n.js";
import { $, tableId, ui } from "./common.js";
import { renderInsider } from "./insider.js";
import { renderOffboard } from "./offboard.js";
import { renderOverload } from "./overload.js";

// Plays a move tapped on the board, or previews it (offboard's with the server's words, Insider's with the words
// given): set once by the page.
let boardMove = null;
export function playOnBoard(handler) { boardMove = handler; }

export function renderDrawing() {
  const box = $("drawing");
  box.setAttribute("role", "region");
  box.replaceChildren();
  const hint = document.createElement("p");
  hint.className = "board-hint";
  hint.setAttribute("role", "status");
  const say = (text) => { hint.textContent = text || ""; };
  const view = ui.view;
  if (view.game === "overload" && view.board && view.board.track) {
    const bar = document.createElement("div");
    bar.className = "board-actions";
    bar.setAttribute("role", "group");
    renderOverload(box, bar, boardMove, say);
    box.append(hint, bar);
  } else if (view.game === "offboard" && view.board && view.board.board) {
    renderOffboard(box, boardMove, say);
    box.append(hint);
  } else if (view.game === "insider" && view.drawing) {
    renderInsider(box, boardMove, say);
    box.append(hint);
  } else {
    const pre = document.createElement("pre");
    pre.className = "board";
    pre.textContent = view.board_text;
    box.append(pre);
  }
  renderGuardAnswers();
}

const inView = (el, bottom = window.innerHeight) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= bottom; };

// While a move is previewed, the hole or Insider place it goes to is ringed (the other destinations' rings fade) and
// the board is scrolled into the space the confirm box (fixed at the bottom) leaves free, so its outlines are seen
// beside Confirm.
export function revealPreview(move) {
  const hole = /^[A-I][1-9]-([A-I][1-9])$|^place ([A-I][1-9])$/.exec(move);
  const place = /^(?:step|totalout) \S+ (\S+)$/.exec(move);
  document.querySelectorAll(".going").forEach((el) => el.classList.remove("going"));
  if (hole) document.querySelector(`.hole[data-hole="${hole[1] || hole[2]}"]`)?.classList.add("going");
  if (place) document.querySelector(`.insider-board [data-square="${place[1]}"], .insider-board [data-space="${place[1]}"]`)?.classList.add("going");
  const board = $("drawing").querySelector(".hex-frame, .track, .insider-board") || $("drawing");
  const free = window.innerHeight - ($("preview").hidden ? 0 : $("preview").offsetHeight);
  if (inView(board, free)) return;
  const rect = board.getBoundingClientRect();
  window.scrollBy(0, rect.top - Math.max(0, (free - rect.height) / 2));
}

// Insider: the Bodyguard question's answers right under its countdown (#guard, at the top of the table), on the asked
// seat's phone; when the question comes, both are brought into view and the phone vibrates where it can.
let announced = null;

function renderGuardAnswers() {
  let bar = $("guard-answers");
  if (!bar) {
    bar = document.createElement("div");
    bar.id = "guard-answers";
    bar.className = "row guard-answers";
    bar.setAttribute("role", "group");
    $("guard").after(bar);
  }
  bar.replaceChildren();
  const view = ui.view;
  const asked = view.game === "insider" && view.question === "guard" && !view.over && view.you !== null && view.you === view.turn;
  const answers = asked && boardMove ? view.legal.filter((move) => move === "pass" || move.startsWith("guard ")) : [];
  bar.hidden = !answers.length;
  if (!answers.length) return;
  bar.setAttribute("aria-label", t("guardAnswers"));
  for (const move of answers) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = move === "pass" ? "" : "primary";
    button.dataset.move = move;
    button.textContent = move === "pass" ? phrase("moveWords", "pass") : t("guardCounter", Number(move.split(" ")[1]));
    button.addEventListener("click", () => boardMove(move));
    bar.append(button);
  }
  const key = `${tableId} ${view.table.version}`;
  if (announced === key) return;
  announced = key;
  if (typeof navigator.vibrate === "function") navigator.vibrate([200, 100, 200]);
  if (!inView($("guard")) || !inView(bar)) $("guard").scrollIntoView({ block: "start" });
}
