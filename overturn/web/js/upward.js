// The calls that go up the page's import order. The table page's modules import one another one way only (a test
// holds it): saved.js, grid.js, solve.js, provisional.js, game.js, table.js, moves.js, start.js, each importing only those before it
// (and the shared modules below them all). The few calls that must go the other way (the grid's cells play a move,
// the board shows the shared table's turn line, the recent games are listed again once a game is saved) go through
// `up`, which the module defining each function fills when it is evaluated: every module is evaluated before the page
// starts (app.js runs at DOMContentLoaded), so `up` is complete before the first call.
export const up = {};

// Called by a module at its top level with the functions it lends to the modules below it.
export function provide(functions) {
  Object.assign(up, functions);
}
