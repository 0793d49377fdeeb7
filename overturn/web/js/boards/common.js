// What the board games' page holds between events, and the small lookups every part of it uses.
import { keepSeat, linkSeat, seatedAddress } from "../api.js";
import { language, phrase, t } from "../i18n.js";
import { line, sentence, word } from "./words/say.js";

export const $ = (id) => document.getElementById(id);

const params = new URLSearchParams(location.search);
export const tableId = params.get("table");
// The seat this phone holds: the link's invitation until the phone has claimed its own credential (takeSeat).
export let seatToken = linkSeat(tableId) || "";

export function takeSeat(token) {
  seatToken = token;
  keepSeat(tableId, token);
  // no token in the address bar: `#seated` tells a reload to open the seat this phone keeps
  history.replaceState(null, "", seatedAddress(location.pathname, tableId, token));
}

// The tables this phone created, by id: the creator's token and every seat's invitation link (to hand out again
// after a reload). The newest few are kept.
const STORE_CREATED = "overturn-board-tables";
const MAX_CREATED = 20;

export function createdTables() {
  try {
    const map = JSON.parse(localStorage.getItem(STORE_CREATED) || "{}");
    return map && typeof map === "object" && !Array.isArray(map) ? map : {};
  } catch (error) {
    return {};
  }
}

export function rememberCreated(id, entry) {
  const map = { ...createdTables(), [id]: { ...entry, at: Date.now() } };
  const ids = Object.keys(map).sort((a, b) => (map[b].at || 0) - (map[a].at || 0)).slice(0, MAX_CREATED);
  localStorage.setItem(STORE_CREATED, JSON.stringify(Object.fromEntries(ids.map((key) => [key, map[key]]))));
}

export const ui = {
  view: null,        // the server's view of the table for this seat (or a watcher)
  replay: null,      // {number, position, entry} while stepping through the move list
  busy: false,       // a move is in flight
  revoked: false,    // the seat was handed to another phone: no move is offered
  guardTimer: null,  // the Bodyguard countdown's interval
};

export function seatName(index) {
  const view = ui.view;
  if (!view || index === null || index === undefined) return "";
  const seat = view.table.seats[index];
  return seat ? seat.name : t("seatNumber", index + 1);
}

// Each seat's colour, as its pieces are drawn: Overload's players in the rules' order (the board's seat names),
// offboard's red and yellow marbles, Insider's pawns as the page colours them (pawn-p0…p3).
const INSIDER_COLOURS = ["red", "blue", "green", "orange"];
const OFFBOARD_COLOURS = ["red", "yellow"];

export function seatColour(index) {
  const view = ui.view;
  if (!view || index === null || index === undefined) return null;
  if (view.game === "overload" && view.board && view.board.seat_names) return view.board.seat_names[index] ?? null;
  if (view.game === "offboard") return OFFBOARD_COLOURS[index] ?? null;
  if (view.game === "insider") return INSIDER_COLOURS[index] ?? null;
  return null;
}

// "Zoé (rouge)": a seat's name with its colour, the colour left out when the name already says it (Overload's
// default names are the colours: "Jaune").
export function seatLabel(index) {
  const name = seatName(index);
  const colour = seatColour(index) && phrase("colours", seatColour(index));
  return !colour || name.toLowerCase() === colour.toLowerCase() ? name : t("seatWithColour", name, colour);
}

// A move list entry as one sentence ("Zoé a lancé le dé : 4"), the notation after the name when the page cannot
// word the move.
export function entrySentence(entry) {
  return sentence(ui.view.game, language(), entry, seatName) ?? `${t("moveBy", seatName(entry.seat))}${entry.move}`;
}

// The server's French line for an event the page cannot word itself: it names Insider's players "Joueur N" (the
// seats' default names), the table's own names instead.
function named(text) {
  const view = ui.view;
  return view && view.game === "insider" ? text.replace(/\bJoueur (\d)\b/g, (all, number) => seatName(Number(number) - 1) || all) : text;
}

// Overload's events name a player by its colour ("blue"): the page names the seat, its colour after it ("Paul
// (bleu)"), as the rest of the page does (the catalogues pass a player they have no word for through as it is).
function seated(event) {
  const view = ui.view;
  if (event && view.game === "offboard") return seatedMarbles(event);
  if (!event || view.game !== "overload" || typeof event.player !== "string" || !view.board || !view.board.seat_names) return event;
  const index = view.board.seat_names.indexOf(event.player);
  return index < 0 ? event : { ...event, player: seatLabel(index) };
}

// offboard's events name the player to move and the winner by their marbles' colour ("Aux rouges de jouer"): the page
// names the seat ("À Zoé (rouge) de jouer"), `named` telling the catalogue (a marble's colour stays a colour).
function seatedMarbles(event) {
  const said = { ...event };
  for (const key of ["player", "winner", "loser"]) {
    const index = OFFBOARD_COLOURS.indexOf(event[key]);
    if (typeof event[key] === "string" && index >= 0) Object.assign(said, { [key]: seatLabel(index), named: true });
  }
  return said;
}

// What the game awaits, in the page's language, the players by their seats' names.
export function awaitingText() {
  const view = ui.view;
  return word(view.game, language(), seated(view.awaited), seatName) ?? named(view.awaiting);
}

// A move list entry's lines in the page's language, one per event (a move stored before the server kept its events
// has only its French lines).
export function entryLines(entry) {
  return entry.effects.map((text, index) => {
    const event = entry.events[index];
    return (event && line(ui.view.game, language(), seated(event), seatName)) ?? named(text);
  });
}

// The places the last move touched (server-computed names: holes, targets, pawns, squares).
export function lastMarks() {
  const { view, replay } = ui;
  if (replay) return (replay.entry && replay.entry.marks) || [];
  const last = view.moves && view.moves[view.moves.length - 1];
  return (last && last.marks) || [];
}
