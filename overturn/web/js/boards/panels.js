// The board games' panels around the drawing: the seat's legal moves grouped (a button each), the scores with each
// seat's colour, an Insider hand, the moves played (newest first, each a sentence), Insider's Bodyguard question
// with its countdown, and for the table's creator every other seat's invitation (QR code, share or copy, a new link).
import { handOverSeat, invitePath } from "../api.js";
import { phrase, t } from "../i18n.js";
import { messageOf, problemOf } from "../problems.js";
import { $, createdTables, entryLines, entrySentence, rememberCreated, seatColour, seatLabel, seatName, tableId, ui } from "./common.js";
import { afterSentence } from "./words/say.js";

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
  if (words[0] === "play") return `${cardName(words[1])} ${words[2]}`;  // a card's power, as the move list says it (×N counts a hand's cards)
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
  // a card or a pawn by its name, never its code (admin, red1): « Administrateur », « pion rouge 1 »
  if (["card", "swap"].includes(key) && phrase("cards", rest)) return phrase("cards", rest);
  if (phrase("pawns", rest)) return phrase("pawns", rest);
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
    if (index === ui.view.turn) row.className = "to-move";
    if (index === ui.view.you) row.classList.add("you");
    const name = document.createElement("th");  // the row's header: each score and card count is read with its player
    name.scope = "row";
    const colour = seatColour(index);
    if (colour) {
      const swatch = document.createElement("span");
      swatch.className = `swatch swatch-${colour}`;
      swatch.setAttribute("aria-hidden", "true");
      name.append(swatch);
    }
    name.append(seatLabel(index) + (index === ui.view.you ? t("youMark") : ""));
    name.dataset.colour = colour || "";
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

// Newest first, numbered from the first move (an <ol reversed>), in the page's own flow.
export function renderHistory(onStep) {
  const list = $("history");
  list.replaceChildren();
  list.reversed = true;
  ui.view.moves.forEach((entry, index) => {
    const item = document.createElement("li");
    item.value = index + 1;
    const said = document.createElement("span");
    said.className = "what";
    said.textContent = entrySentence(entry);
    said.title = entry.move;  // the notation, for whoever types moves
    const see = document.createElement("button");
    see.type = "button";
    see.className = "see";
    see.dataset.number = String(index + 1);
    see.textContent = t("see");
    see.setAttribute("aria-label", t("seeLabel", index + 1));
    see.addEventListener("click", () => onStep(index + 1));
    item.append(see, said);
    // what the move did, after the sentence; the move's own action line is the sentence already
    const lines = entryLines(entry).filter((text, line) => afterSentence(ui.view.game, entry, line));
    if (lines.length) {
      const effects = document.createElement("small");
      effects.textContent = " — " + lines.map((text) => text.trim()).join(t("effectsJoin"));
      item.append(effects);
    }
    list.prepend(item);
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
  const asked = ui.view.you === ui.view.turn;
  const ask = asked ? t("guardAsk", seatName(guard.from), `${cardName(guard.card)} ${guard.power}`)
    : t("guardWait", seatName(ui.view.turn), `${phrase("cardsTo", guard.card) || cardName(guard.card)} ${guard.power}`, seatName(guard.from));
  // the server's deadline (kept with the table, so a page opened late counts what is really left), within the table's limit
  let left = guard.seconds;
  if (guard.deadline && left !== null && left !== undefined) left = Math.min(left, Math.max(0, Math.round(guard.deadline - Date.now() / 1000)));
  // the seconds are shown, not read: in the live status they would be announced every second
  const clock = document.createElement("span");
  clock.setAttribute("aria-hidden", "true");
  box.replaceChildren(ask, clock);
  const show = () => { clock.textContent = left === null || left === undefined ? "" : ` (${Math.max(0, left)} s)`; };
  show();
  box.hidden = false;
  if (left !== null && left !== undefined) {
    ui.guardTimer = setInterval(() => { left -= 1; show(); if (left <= 0) { clearInterval(ui.guardTimer); ui.guardTimer = null; } }, 1000);
  }
}

// ----- inviting the players (the table's creator only) ------------------------------------------------------------

// A QR code of `url` as an SVG (as the Overturn page draws its seats' codes, js/start.js), or nothing when the
// vendored encoder (vendor/qrcode.js) did not load.
function qrCode(url, label) {
  if (typeof window.QRCode !== "function") return null;
  const code = new window.QRCode(-1, window.QRErrorCorrectLevel.M);
  code.addData(url);
  code.make();
  const count = code.getModuleCount();
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `-4 -4 ${count + 8} ${count + 8}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  let d = "";
  for (let row = 0; row < count; row++) for (let col = 0; col < count; col++) if (code.isDark(row, col)) d += `M${col},${row}h1v1h-1z`;
  svg.innerHTML = `<rect x="-4" y="-4" width="${count + 8}" height="${count + 8}" fill="#fff"/><path d="${d}" fill="#000"/>`;
  return svg;
}

// The system's share sheet where the phone has one, else the link copied (the clipboard API, or a selected text
// on a page served over plain HTTP, where that API is missing); `said` tells the outcome.
async function shareLink(url, title, said) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if (error && error.name === "AbortError") return;  // the player closed the sheet
    }
  }
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch (error) {
    const box = document.createElement("textarea");
    box.value = url;
    document.body.append(box);
    box.select();
    copied = document.execCommand("copy");
    box.remove();
  }
  said.textContent = copied ? t("linkCopied") : t("copyFailed");
  said.hidden = false;
}

function inviteItem(url, title, qrLabel, seat) {
  const item = document.createElement("li");
  if (seat !== null) item.dataset.seat = String(seat);
  const head = document.createElement("div");
  head.className = "invite-title";
  head.textContent = title;
  const link = document.createElement("a");
  link.href = url; link.textContent = url; link.className = "invite-link";
  const said = document.createElement("span");
  said.className = "note copied";
  said.setAttribute("role", "status");
  said.hidden = true;
  const share = document.createElement("button");
  share.type = "button"; share.className = "share"; share.textContent = t("shareLink");
  share.setAttribute("aria-label", seat === null ? t("shareWatchLabel") : t("shareLabel", seatName(seat)));  // the visible words first
  share.addEventListener("click", () => shareLink(url, document.title, said));
  const row = document.createElement("div");
  row.className = "row";
  row.append(share, said);
  const qr = qrCode(url, qrLabel);
  item.append(head, ...(qr ? [qr] : []), link, row);
  return item;
}

// A seat given to another phone (a lost or flat one), once the creator confirms: a new invitation, and the phone
// that held the seat told at once (its stream is revoked).
function newLinkButton(created, index) {
  const again = document.createElement("button");
  again.type = "button"; again.className = "hand-over"; again.textContent = t("newLink");
  again.addEventListener("click", async () => {
    again.disabled = true;
    try {
      const answer = await handOverSeat(`/api/tables/${encodeURIComponent(tableId)}`, created.creator, index, t("confirmNewLink", seatName(index)));
      if (!answer) return;
      const seats = [...created.links.seats];
      seats[index] = invitePath("/boardgame", tableId, answer.token);
      rememberCreated(tableId, { ...created, links: { ...created.links, seats } });
      renderInvites();
    } catch (error) {
      $("error").textContent = messageOf(problemOf(error));
      $("error").hidden = false;
    } finally {
      again.disabled = false;
    }
  });
  return again;
}

// The other seats' invitations and the watch link, on the phone that created the table (its own seat's is spent:
// the creator sits there). Open while no move is played, folded after; the player's own fold is kept.
export function renderInvites() {
  const box = $("invites");
  const created = tableId ? createdTables()[tableId] : null;
  if (!created || !created.links) { box.hidden = true; return; }
  const origin = location.origin;
  const items = [];
  created.links.seats.forEach((link, index) => {
    if (!link || index === ui.view.you) return;
    const item = inviteItem(origin + link, seatLabel(index), t("qrOf", seatName(index)), index);
    item.append(newLinkButton(created, index));
    items.push(item);
  });
  items.push(inviteItem(origin + created.links.watch, t("watchInvite"), t("watchInvite"), null));
  $("invite-list").replaceChildren(...items);
  const started = ui.view.moves.length > 0;
  if (box.hidden) box.open = !started;
  if (started && box.open && !box.dataset.folded) box.open = false;  // folded once, at the first move
  if (started) box.dataset.folded = "1";
  box.hidden = false;
}
