// A shared table's word judged on the phone first (issue 39, item 5): where the page has its own engine, the seat's
// word gets an instant verdict from it, shown as provisional (« vérification… »), while the move goes to the server
// as before; the server's verdict then takes its place and decides. Where the two differ (this phone's lexicon is not
// the table's, say), the server's verdict says so: the table's referee decided. The phone's judgement plays nothing:
// it asks the engine for the verdict alone (the state its answer carries is dropped) and never touches the table.
import { askHere } from "./api.js";
import { renderVerdict } from "./solve.js";
import { $, page } from "./state.js";

// The word being judged: {local: the phone's verdict once shown, settled: the server's answer came}.
let pending = null;

// Asks the page's engine for the word's verdict in the table's position; shown provisional if it comes before the
// server's answer, on the table as it still is. Nothing is shown without an engine (or one that cannot judge it).
export function judgeHere(word, path) {
  const current = page.current;
  pending = null;
  if (!current || !current.shared) return;
  const judging = { local: null, settled: false };
  pending = judging;
  askHere("/api/game/play", { game: current.game, word, path }).then((answer) => {
    if (pending !== judging || judging.settled || page.current !== current || !answer || !answer.verdict) return;
    judging.local = answer.verdict;
    // its close words are not shown: the table's referee gives them, or not (a table without helps)
    page.shown.verdict = { ...answer.verdict, suggestions: [], provisional: true };
    renderVerdict($("verdict"), page.shown.verdict);
  });
}

// The server's verdict on that word as the page shows it: with `overruled` (what the phone had said) when the phone
// showed another verdict.
export function decided(verdict) {
  const judging = pending;
  pending = null;
  if (!judging) return verdict;
  judging.settled = true;
  const local = judging.local;
  if (!local || agree(local, verdict)) return verdict;
  return { ...verdict, overruled: { legal: local.legal, reason: local.reason, swing: local.swing } };
}

// The server gave no verdict (not reached, or the table had moved on): the provisional one goes too.
export function undecided() {
  if (pending) pending.settled = true;
  pending = null;
  if (page.shown.verdict && page.shown.verdict.provisional) {
    page.shown.verdict = null;
    $("verdict").hidden = true;
  }
}

function agree(local, server) {
  return local.legal === server.legal && local.reason === server.reason && (!server.legal || local.swing === server.swing);
}
