// What the board games' page holds between events, and the small lookups every part of it uses.
import { keepSeat, linkSeat, seatedAddress } from "../api.js";
import { language, t } from "../i18n.js";
import { line, word } from "./words/say.js";

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

// The server's French line for an event the page cannot word itself: it names Insider's players "Joueur N" (the
// seats' default names), the table's own names instead.
function named(text) {
  const view = ui.view;
  return view && view.game === "insider" ? text.replace(/\bJoueur (\d)\b/g, (all, number) => seatName(Number(number) - 1) || all) : text;
}

// What the game awaits, in the page's language, Insider's players by their seats' names.
export function awaitingText() {
  const view = ui.view;
  return word(view.game, language(), view.awaited, seatName) ?? named(view.awaiting);
}

// A move list entry's lines in the page's language, one per event (a move stored before the server kept its events
// has only its French lines).
export function entryLines(entry) {
  return entry.effects.map((text, index) => {
    const event = entry.events[index];
    return (event && line(ui.view.game, language(), event, seatName)) ?? named(text);
  });
}

// The places the last move touched (server-computed names: holes, targets, pawns, squares).
export function lastMarks() {
  const { view, replay } = ui;
  if (replay) return (replay.entry && replay.entry.marks) || [];
  const last = view.moves && view.moves[view.moves.length - 1];
  return (last && last.marks) || [];
}
