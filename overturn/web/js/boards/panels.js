// The board games' panels around the drawing: the seat's legal moves grouped (a button each), the scores, an
// Insider hand, the moves played, Insider's Bodyguard question with its countdown.
import { phrase, t } from "../i18n.js";
import { $, entryLines, seatName, ui } from "./common.js";

// A card's name in the page's language (its code when the page does not know it).
function cardName(card) { return phrase("cards", card) || card; }

function groupKey(move) {
  const words = move.split(" ");
  if (ui.view.game === "offboard") {
    if (words[0] === "place" || words[0] === "remove") return words[0];
    return "bille " + move.split("-")[0];
  }
  if (words[0] === "play") return words.slice(0, 3).join(" ");
  if (ui.view.game === "insider" && ["walk", "roll", "draw"].includes(move)) return "main";
  if (["take", "decline"].includes(move)) return "meet";
  if (words[0] === "step" || words[0] === "totalout") return `${words[0]} ${words[1]}`;
  return words[0];
}

function groupTitle(key) {
  const words = key.split(" ");
  if (words[0] === "bille") return t("marbleGroup", words[1]);
  if (words[0] === "play") return `${cardName(words[1])} ×${words[2]}`;
  if (words[0] === "step") return t("stepFrom", words[1]);
  if (words[0] === "totalout") return t("totalOutFrom", words[1]);
  return phrase("moveGroups", words[0]) || words[0];
}

function label(move, key) {
  if (ui.view.game === "offboard" && key.startsWith("bille")) return `→ ${move.split("-")[1]}`;
  if (move === "roll") return ui.view.game === "insider" ? t("rollDice") : t("rollDie");
  if (phrase("moveWords", move)) return phrase("moveWords", move);
  const rest = key === "main" || key === "meet" ? move : move.slice(key.length).trim();
  if (phrase("moveWords", rest)) return phrase("moveWords", rest);
  if (!rest) return move;
  return key.startsWith("step") || key.startsWith("totalout") ? `→ ${rest}` : rest;
}

export function renderLegal(onMove) {
  const box = $("legal");
  box.replaceChildren();
  const groups = new Map();
  for (const move of ui.view.legal) {
    const key = groupKey(move);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(move);
  }
  for (const [key, moves] of groups) {
    const group = document.createElement("div");
    group.className = "group";
    group.dataset.key = key;
    const title = document.createElement("h3");
    title.textContent = groupTitle(key);
    group.append(title);
    const row = document.createElement("div");
    row.className = "row buttons";
    for (const move of moves) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "move";
      button.dataset.move = move;
      button.textContent = label(move, key);
      button.title = move;
      button.addEventListener("click", () => onMove(move));
      row.append(button);
    }
    group.append(row);
    box.append(group);
  }
}

export function renderScores() {
  const body = $("scores").tBodies[0];
  body.replaceChildren();
  ui.view.table.seats.forEach((seat, index) => {
    const row = document.createElement("tr");
    if (index === ui.view.to_move) row.className = "to-move";
    if (index === ui.view.you) row.classList.add("you");
    const name = document.createElement("th");  // the row's header: each score and card count is read with its player
    name.scope = "row";
    name.textContent = seat.name + (index === ui.view.you ? t("youMark") : "");
    const score = document.createElement("td");
    score.textContent = t("points", ui.view.scores[index]);
    row.append(name, score);
    if (ui.view.hand_counts) {
      const cards = document.createElement("td");
      cards.className = "cards";
      cards.textContent = t("cardCount", ui.view.hand_counts[index]);
      row.append(cards);
    }
    body.append(row);
  });
}

export function renderHand() {
  const box = $("hand-box");
  if (ui.view.game !== "insider" || ui.view.you === null) { box.hidden = true; return; }
  box.hidden = false;
  const list = $("hand");
  list.replaceChildren();
  const hand = ui.view.hand || {};
  const cards = Object.keys(hand);
  if (!cards.length) {
    const item = document.createElement("li");
    item.textContent = t("noCard");
    list.append(item);
  }
  for (const card of cards) {
    const item = document.createElement("li");
    item.className = `card card-${card}`;
    item.textContent = `${cardName(card)} ×${hand[card]}`;
    list.append(item);
  }
}

export function renderHistory(onStep) {
  const list = $("history");
  list.replaceChildren();
  ui.view.moves.forEach((entry, index) => {
    const item = document.createElement("li");
    const head = document.createElement("span");
    head.className = "who";
    head.textContent = t("moveBy", seatName(entry.seat));
    const move = document.createElement("span");
    move.className = "what";
    move.textContent = entry.move;
    const see = document.createElement("button");
    see.type = "button";
    see.className = "see";
    see.dataset.number = String(index + 1);
    see.textContent = t("see");
    see.setAttribute("aria-label", t("seeLabel", index + 1));
    see.addEventListener("click", () => onStep(index + 1));
    item.append(see, head, move);
    if (entry.effects.length) {
      const effects = document.createElement("small");
      effects.textContent = " — " + entryLines(entry).join(t("effectsJoin"));
      item.append(effects);
    }
    list.append(item);
  });
  list.dataset.count = String(ui.view.moves.length);
}

// Insider: a starred card waits for the victim's Bodyguard answer; with a time limit, a countdown on every phone
// (the server itself answers 'pass' when it runs out).
export function renderGuard() {
  if (ui.guardTimer) { clearInterval(ui.guardTimer); ui.guardTimer = null; }
  const box = $("guard");
  const guard = ui.view.game === "insider" && ui.view.question === "guard" && !ui.view.over ? ui.view.guard : null;
  if (!guard) { box.hidden = true; return; }
  const card = `${cardName(guard.card)} ×${guard.power}`;
  const asked = ui.view.you === ui.view.to_move;
  const ask = asked ? t("guardAsk", seatName(guard.from), card) : t("guardWait", seatName(ui.view.to_move), card, seatName(guard.from));
  // the server's deadline (kept with the table, so a page opened late counts what is really left), within the table's limit
  let left = guard.seconds;
  if (guard.deadline && left !== null && left !== undefined) left = Math.min(left, Math.max(0, Math.round(guard.deadline - Date.now() / 1000)));
  const show = () => { box.textContent = left === null || left === undefined ? ask : `${ask} (${Math.max(0, left)} s)`; };
  show();
  box.hidden = false;
  if (left !== null && left !== undefined) {
    ui.guardTimer = setInterval(() => { left -= 1; show(); if (left <= 0) { clearInterval(ui.guardTimer); ui.guardTimer = null; } }, 1000);
  }
}
