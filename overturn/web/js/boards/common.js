// What the board games' page holds between events, and the small lookups every part of it uses.
import { t } from "../i18n.js";

export const $ = (id) => document.getElementById(id);

const params = new URLSearchParams(location.search);
export const tableId = params.get("table");
export const seatToken = params.get("seat") || "";

export const ui = {
  view: null,        // the server's view of the table for this seat (or a watcher)
  replay: null,      // {number, position, entry} while stepping through the move list
  busy: false,       // a move is in flight
  guardTimer: null,  // the Bodyguard countdown's interval
};

export function seatName(index) {
  const view = ui.view;
  if (!view || index === null || index === undefined) return "";
  const seat = view.table.seats[index];
  return seat ? seat.name : t("seatNumber", index + 1);
}

// The referees' lines name Insider's players "Joueur N" (the seats' default names): the table's own names instead.
export function named(text) {
  const view = ui.view;
  return view && view.game === "insider" ? text.replace(/\bJoueur (\d)\b/g, (all, number) => seatName(Number(number) - 1) || all) : text;
}

// The places the last move touched (server-computed names: holes, targets, pawns, squares).
export function lastMarks() {
  const { view, replay } = ui;
  if (replay) return (replay.entry && replay.entry.marks) || [];
  const last = view.moves && view.moves[view.moves.length - 1];
  return (last && last.marks) || [];
}
