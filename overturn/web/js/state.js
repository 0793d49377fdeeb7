// What the table page holds between events, in one object every module reads and updates.
export const $ = (id) => document.getElementById(id);

export const page = {
  current: null,      // the game: the last /api/game answer ({game, faces, result, has_next_layer, levels}) with its table
  tapped: [],         // cells tapped for the move being entered
  passWarned: false,  // the pass warning was shown for this turn: the next tap on Pass passes
  solution: null,     // the last /api/solve answer (no game)
  shown: {},          // what to re-render on a language switch: {verdict, disputeVerdict, dict, error, help, note}
  busy: false,        // a request is in flight: the buttons that would race it are disabled
  viewing: null,      // stepping through the move list: the number of moves shown (null: the current position)
  reviewed: null,     // {key, answer}: the post-game review of the game whose moves are key
  live: null,         // the shared table's event stream (EventSource), while one is open
};
