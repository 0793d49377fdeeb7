// The computer opponent (overturn/game/computer.py) for the page's engine, line for line: the same five levels,
// the same candidates, the same search and the same draws from the same generator (random.js is CPython's), so
// from one position and one seed the phone plays the move the server plays. See computer.py for the why of each
// rule; the comments here say only where JS must take care to stay equal.
//
// The game is game.js's Game, read through the names it shares with Python's: legalMoves() (ranked moves
// {move: {kind: "word", word, path} | {kind: "pass", cell}, swing, readings}, best swing first), push(move),
// pop(), bestSwing(), isOver(), rings (null for a free cell) and history ({move} per move played).
//
// Levels 4 and 5 search within a time budget read on `clock` (seconds, performance.now() by default), as Python
// reads time.perf_counter; a clock that does not move (() => 0) searches every depth of the plan, and then the
// move is Python's for the same position and seed (computer.py takes the same clock).

export const LEVEL_DESCRIPTIONS = {
  1: "beginner: the best swing among a random third of the words",
  2: "greedy: the largest ring swing",
  3: "one reply ahead: swing minus the opponent's best answer, over the 6 best moves",
  4: "alpha-beta 2, then 4 plies deep (if 0.5 s allows) over the 8 best moves of each position",
  5: "alpha-beta 2 plies deep over the 40 best moves, then 4, 6... over the 10 best (as 0.8 s allows)",
};
export const LEVELS = [1, 2, 3, 4, 5];
// Candidates examined one reply deep at level 3.
export const LOOKAHEAD_CANDIDATES = 6;
// depths searched in turn; width: moves searched per position (and at the root after the first depth);
// rootWidth: moves searched at the root by the first depth; budget: seconds from the start of the move.
export const PLANS = {
  4: { depths: [2, 4], width: 8, rootWidth: 8, budget: 0.5 },
  5: { depths: [2, 4, 6, 8, 10], width: 10, rootWidth: 40, budget: 0.8 },
};
// Beyond any sum of swings (the search window's open ends).
export const INFINITY = 10 ** 6;
// Free cells left when the best move for each number of free cells taken joins the candidates.
export const ENDING_CELLS = 6;

export class GameOver extends Error {}

const perfClock = () => performance.now() / 1000;
const isPass = (ranked) => ranked.move.kind === "pass";

// The computer's move for the side to move; passes (on a random new cell) only when no word is left.
export function chooseMove(game, level, rng, { clock = perfClock } = {}) {
  if (!LEVELS.includes(level)) throw new RangeError(`level must be one of ${LEVELS.join(", ")}`);
  const started = clock();
  let moves = game.legalMoves();
  const rootRanking = clock() - started;
  if (!moves.length) throw new GameOver("the game is over");
  if (isPass(moves[0])) return rng.choice(moves);
  if (level === 1) { // indices drawn as Python's rng.sample(range(len(moves)), k) draws them
    const indices = Array.from({ length: moves.length }, (_, index) => index);
    moves = rng.sample(indices, Math.max(1, Math.floor(moves.length / 3))).map((index) => moves[index]);
    return best(moves, moves.map((ranked) => ranked.swing), rng);
  }
  if (level === 2) {
    const top = moves.slice(0, leadingTies(moves));
    return best(top, top.map((ranked) => ranked.swing), rng);
  }
  if (level === 3) {
    const candidates = moves.slice(0, LOOKAHEAD_CANDIDATES);
    return best(candidates, candidates.map((ranked) => ranked.swing - bestReply(game, ranked)), rng);
  }
  const plan = PLANS[level];
  return search(game, moves, plan, started + plan.budget, rootRanking, rng, clock);
}

// How many moves at the start share the first one's swing (the moves come best first: the best are a prefix).
function leadingTies(moves) {
  let count = 0;
  while (count < moves.length && moves[count].swing === moves[0].swing) count += 1;
  return count;
}

// A move of the best score, drawn among ties (rng.choice over the tied moves in their order).
function best(moves, scores, rng) {
  const top = scores.reduce((most, score) => Math.max(most, score), -Infinity);
  return rng.choice(moves.filter((_, index) => scores[index] === top));
}

// The opponent's largest swing after `candidate` (a pass they would have to make costs them 1).
export function bestReply(game, candidate) {
  game.push(candidate.move);
  try {
    return game.bestSwing();
  } finally {
    game.pop();
  }
}

// The budget ran out in the middle of a search; what the search finished decides.
class OutOfTime extends Error {}

// Iterative deepening, each depth re-searching the root candidates best first from the previous depth (_search).
function search(game, moves, plan, deadline, rootRanking, rng, clock) {
  const searcher = new Search(game, plan, deadline, rootRanking, clock);
  let candidates = searcher.candidates(moves, plan.rootWidth);
  let scores = candidates.map((ranked) => ranked.swing); // depth 1
  for (const [number, depth] of plan.depths.entries()) {
    // Python's sorted(key=-score) is stable, and so is Array.prototype.sort: ties keep their order.
    let order = candidates.map((_, index) => index).sort((a, b) => scores[b] - scores[a]);
    if (number) order = order.slice(0, plan.width);
    candidates = order.map((index) => candidates[index]);
    const scored = [];
    searcher.cutByDepth = false;
    try {
      searcher.rootScores(candidates, depth, scored);
    } catch (error) {
      if (!(error instanceof OutOfTime)) throw error;
      if (scored.length) {
        candidates = candidates.slice(0, scored.length);
        scores = scored;
      } else {
        scores = order.map((index) => scores[index]);
      }
      break;
    }
    scores = scored;
    if (!searcher.cutByDepth) break;
  }
  return best(candidates, scores, rng);
}

// The distinct cells of a ranked move's path (a pass has none).
const pathCells = (ranked) => (isPass(ranked) ? [] : [...new Set(ranked.move.path ?? [])]);

// Negamax with alpha-beta over the `plan.width` best moves of each position, positions remembered by the line of
// moves from the root (computer.py's _Search).
class Search {
  constructor(game, plan, deadline, rootRanking, clock) {
    Object.assign(this, { game, deadline, clock, width: plan.width, longestRanking: rootRanking });
    this.cutByDepth = false;
    this.root = game.history.length;
    this.moves = new Map();
    this.swings = new Map();
  }

  // rank(), unless the time it may take would pass the deadline (then OutOfTime).
  ranked(rank) {
    const started = this.clock();
    if (started + this.longestRanking > this.deadline) throw new OutOfTime();
    const result = rank();
    this.longestRanking = Math.max(this.longestRanking, this.clock() - started);
    return result;
  }

  // The moves searched: the best by swing and, near the end, the best for each number of free cells taken.
  candidates(moves, width) {
    if (isPass(moves[0])) return moves.slice(0, 1);
    const free = new Set();
    this.game.rings.forEach((ring, cell) => { if (ring === null) free.add(cell); });
    if (free.size > ENDING_CELLS) return distinct(moves, width);
    const all = distinct(moves);
    const chosen = all.slice(0, width);
    const taken = (ranked) => pathCells(ranked).filter((cell) => free.has(cell)).length;
    const takenCounts = new Set(chosen.map(taken));
    for (const ranked of all.slice(width)) {
      const count = taken(ranked);
      if (!takenCounts.has(count)) {
        takenCounts.add(count);
        chosen.push(ranked);
      }
    }
    return chosen;
  }

  // The moves from the root to here, as a key (Python keys by the tuple of moves: equal moves, equal keys).
  line() {
    return this.game.history.slice(this.root).map(({ move }) => moveKey(move)).join("|");
  }

  // Each root candidate's score at `depth`, pushed on `scores` as it comes (a search cut short keeps what it
  // found); the window (best - 1, +inf) makes a score equal to the best so far exact, so ties are drawn fairly.
  rootScores(candidates, depth, scores) {
    let bestScore = -INFINITY;
    for (const ranked of candidates) {
      scores.push(ranked.swing - this.after(ranked, depth - 1, -INFINITY, ranked.swing - bestScore + 1));
      bestScore = Math.max(bestScore, scores[scores.length - 1]);
    }
    return scores;
  }

  after(ranked, depth, alpha, beta) {
    this.game.push(ranked.move);
    try {
      return this.negamax(depth, alpha, beta);
    } finally {
      this.game.pop(); // also when OutOfTime unwinds the search: the game is left as it came
    }
  }

  // The best the side to move can make of the next `depth` moves (sum of signed swings), within (alpha, beta).
  negamax(depth, alpha, beta) {
    const { game } = this;
    if (game.isOver()) return 0;
    if (depth <= 1) this.cutByDepth = true; // the line stops here, or after the best swing, before the end
    if (depth === 0) return 0;
    const line = this.line();
    if (depth === 1) {
      if (!this.swings.has(line)) this.swings.set(line, this.ranked(() => game.bestSwing()));
      return this.swings.get(line);
    }
    if (!this.moves.has(line)) this.moves.set(line, this.candidates(this.ranked(() => game.legalMoves()), this.width));
    let bestScore = -INFINITY;
    for (const ranked of this.moves.get(line)) {
      const score = ranked.swing - this.after(ranked, depth - 1, ranked.swing - beta, ranked.swing - alpha);
      if (score > bestScore) {
        bestScore = score;
        alpha = Math.max(alpha, score);
        if (alpha >= beta) break;
      }
    }
    return bestScore;
  }
}

function moveKey(move) {
  return move.kind === "pass" ? `pass ${move.cell}` : `${move.word} ${(move.path ?? []).join(",")}`;
}

// `moves` without those that lead to the same position as one before (same cells, same readings fixed), the
// first `limit` of them (all if null). Python keys by frozensets: here sorted, deduplicated lists.
export function distinct(moves, limit = null) {
  const seen = new Set();
  const kept = [];
  for (const ranked of moves) {
    if (limit !== null && kept.length >= limit) break;
    const cells = pathCells(ranked).sort((a, b) => a - b).join(",");
    const readings = [...new Set((ranked.readings ?? []).map(([face, reading]) => `${face}=${reading}`))].sort().join(",");
    const key = `${cells}/${readings}`;
    if (!seen.has(key)) {
      seen.add(key);
      kept.push(ranked);
    }
  }
  return kept;
}
