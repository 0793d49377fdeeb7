// Entering a move: tapped cells or a typed word, pass, undo, the computer's replies and the helps (hint,
// every legal word), the next layer.
import { api, ApiProblem } from "./api.js";
import { clearMessages, gameRequest, opponentSide, setGame, showError, showNote, stepTo, whileBusy } from "./game.js";
import { showPath } from "./grid.js";
import { t } from "./i18n.js";
import { cellLabel, SIDES } from "./notation.js";
import { problemOf } from "./problems.js";
import { decided, judgeHere, undecided } from "./provisional.js";
import { archive, inProgress, tableOf } from "./saved.js";
import { renderVerdict } from "./solve.js";
import { $, page } from "./state.js";
import { setShared } from "./table.js";
import { provide } from "./upward.js";

// A double face's reading: as the game fixed it, else every reading the rules allow (U or QU, Z or X).
const READINGS = { QU: ["QU", "U"], ZX: ["Z", "X"] };
function faceReadings(face) {
  if (face.length < 2) return [face];
  const fixed = page.current.game.fixed[face];
  return fixed ? [fixed] : READINGS[face] || [face];
}

// Every spelling of the tapped cells (one per reading of their unfixed double faces; a face reads alike throughout).
function tappedSpellings() {
  const all = page.current.faces.flat();
  const doubles = [...new Set(page.tapped.map((cell) => all[cell]).filter((face) => face.length > 1))];
  let choices = [{}];
  doubles.forEach((face) => { choices = choices.flatMap((choice) => faceReadings(face).map((reading) => ({ ...choice, [face]: reading }))); });
  return choices.map((choice) => page.tapped.map((cell) => choice[all[cell]] || all[cell]).join(""));
}

// The letters of the tapped cells, double faces read as the game fixed them; a face not fixed yet shows its readings,
// "AFFI(Z/X)AIS", so the box never shows a word other than the one Jouer will play (it picks the reading that is a
// word; the player may also edit the box).
function tappedWord() {
  const all = page.current.faces.flat();
  return page.tapped.map((cell) => { const readings = faceReadings(all[cell]); return readings.length > 1 ? `(${readings.join("/")})` : readings[0]; }).join("");
}

// The spelling to play for tapped cells whose box still shows undecided readings: the one reading that is a word of
// the game's lexicon (the first when none is: the referee says why). Null, with the question asked, when several are.
async function spellingToPlay(word) {
  const spellings = tappedSpellings();
  if (!page.tapped.length || spellings.length < 2 || word !== tappedWord()) return word;
  const lexicon = encodeURIComponent(page.current.game.lexicon);
  const words = [];
  for (const spelling of spellings) {
    const answer = await api(`/api/words/${encodeURIComponent(spelling)}?lexicon=${lexicon}`);
    if (answer.valid) words.push(spelling);
  }
  if (words.length > 1) { showError(["chooseReading", words.join(" / ")]); return null; }
  return words[0] || spellings[0];
}

export function tapCell(index) {
  if (page.current.result.over || page.busy) return;
  if (page.viewing !== null) stepTo(null);
  page.tapped.push(index);
  page.passWarned = false; $("pass").textContent = t("pass");
  $("move-word").value = tappedWord();
  showPath(page.tapped);
}

// The path traced so far cleared at once (Escape on the grid).
export function clearTapped() {
  page.tapped = [];
  $("move-word").value = "";
  showPath([]);
}

export function takeBack() {
  page.tapped.pop();
  $("move-word").value = tappedWord();
  showPath(page.tapped);
}

// One game request; the answer becomes the game. The answer, or null (and the game untouched) when it failed.
export async function gameStep(action, extra, after) {
  showError(null);
  try {
    const answer = await gameRequest(action, extra);
    // A word's verdict always shows; a pass only when refused (the list of moves already says who passed where).
    // a word's verdict is the server's at a shared table, where the phone may have shown its own (js/provisional.js)
    if (answer.verdict && (action === "play" || !answer.verdict.legal)) showVerdict(action === "play" ? decided(answer.verdict) : answer.verdict);
    else { page.shown.verdict = null; $("verdict").hidden = true; }
    setGame(answer);
    if (answer.verdict && answer.verdict.path) showPath(answer.verdict.path);
    if (after) after(answer);
    return answer;
  } catch (error) {
    if (action === "play") undecided();  // no verdict from the table: the phone's provisional one goes
    if (error instanceof ApiProblem && error.status === 409 && error.detail.state && page.current && page.current.shared) setShared(error.detail.state);
    const problem = problemOf(error);
    // at a shared table the game is the server's, not this phone's: a move not answered is to be sent again
    if (problem[0] === "network" && page.current && page.current.shared) showError([["play", "pass"].includes(action) ? "moveNotSent" : "networkTable"]);
    else showError(problem);
    return null;
  }
}

function showVerdict(verdict) {
  page.shown.verdict = verdict;
  renderVerdict($("verdict"), verdict);
}

function computerToMove() {
  const opponent = tableOf(page.current).opponent;
  return Boolean(opponent && !page.current.result.over && SIDES[page.current.result.turn] === opponent.side);
}

// Against the computer, it replies by itself whenever its side is to move (never for the player's side).
export async function computerReplies() {
  const opponent = tableOf(page.current).opponent;
  if (!opponent || page.current.result.over || SIDES[page.current.result.turn] !== opponent.side) return;
  const playersVerdict = page.shown.verdict;  // the verdict on the player's word stays in view next to the computer's reply
  await gameStep("computer", { level: opponent.level }, (answer) => {
    if (playersVerdict) showVerdict(playersVerdict);
    const move = answer.move;
    showNote(() => (move.kind === "word" ? t("computerPlayed", move.word, move.swing) : t("computerPassed", cellLabel(move.cell))));
    showPath(move.kind === "word" ? move.path : [move.cell]);
  });
}

export function playMove(event) {
  event.preventDefault();
  return whileBusy(async () => {
    if (computerToMove()) { await computerReplies(); return; }  // its reply failed earlier: it plays now, not you
    showNote(null);
    let word = $("move-word").value.trim();
    if (!word) { showError(["noWord"]); return; }
    try {
      word = await spellingToPlay(word);
    } catch (error) {
      showError(problemOf(error));
      return;
    }
    if (word === null) return;  // two readings make words: the player edits the box to say which
    $("move-word").value = word;
    const path = page.tapped.length ? [...page.tapped] : undefined;
    judgeHere(word, path);  // at a shared table, the phone's own engine's instant verdict, shown provisional
    const answer = await gameStep("play", { word, path });
    if (!answer) return;
    if (!answer.verdict.legal) { $("move-word").value = word; return; }  // refused: the word stays to be corrected
    $("move-word").value = "";
    await computerReplies();
  });
}

export function passTurn() {
  return whileBusy(async () => {
    if (computerToMove()) { await computerReplies(); return; }
    if (page.tapped.length !== 1) { showError(["passNeedsCell"]); return; }
    const cell = page.tapped[0];
    if (!page.passWarned && page.current.shared && page.current.shared.helps === false) {
      page.passWarned = true;  // a fair table counts no words for anyone: the pass is only confirmed
      $("pass").textContent = t("passAnyway");
      showError(["passConfirm"]);
      return;
    }
    if (!page.passWarned) {
      try {
        const moves = await gameRequest("moves", { limit: 0 });
        if (moves.count > 0) {
          page.passWarned = true;
          $("pass").textContent = t("passAnyway");
          showError(["passWarning", moves.count]);
          return;
        }
      } catch (error) {
        showError(problemOf(error));
        return;
      }
    }
    showNote(null);
    const answer = await gameStep("pass", { cell });
    if (!answer) return;
    $("move-word").value = "";
    if (answer.verdict.legal) await computerReplies();
  });
}

// Undo takes back the last move; against the computer, its reply and the player's move together.
export function undoMove() {
  return whileBusy(async () => {
    page.shown.verdict = null; $("verdict").hidden = true; showNote(null);
    const moves = page.current.game.moves;
    const computer = opponentSide();
    const both = computer && moves.length >= 2 && moves[moves.length - 1].player === computer;
    if (await gameStep("undo", {}) && both) await gameStep("undo", {});
  });
}

function helpOutput(render) {
  page.shown.help = render;
  render();
}

export function hint() {
  return whileBusy(async () => {
    try {
      const moves = await gameRequest("moves", { limit: 1 });
      const best = moves.moves[0];
      helpOutput(() => { $("help-output").textContent = best ? t("hintIs", best.word, best.swing) : t("noMove"); });
      if (best) showPath(best.path);
    } catch (error) {
      showError(problemOf(error));
    }
  });
}

export function allLegal() {
  return whileBusy(async () => {
    try {
      const moves = await gameRequest("moves", {});
      helpOutput(() => {
        const box = $("help-output");
        box.replaceChildren();
        const title = document.createElement("p");
        title.textContent = moves.count ? t("words", moves.count) : t("noMove");
        const list = document.createElement("div");
        list.className = "words";
        moves.moves.forEach((move) => {
          const button = document.createElement("button");
          button.type = "button"; button.className = "word"; button.dataset.word = move.word;
          button.textContent = `${move.word} ${move.swing > 0 ? "+" : ""}${move.swing}`;
          button.addEventListener("click", () => { showPath(move.path); button.classList.add("selected"); });
          list.append(button);
        });
        box.append(title, list);
      });
    } catch (error) {
      showError(problemOf(error));
    }
  });
}

// The help of a two-player game: the computer plays the side to move once.
export function computerMove() {
  return whileBusy(() => gameStep("computer", { level: Number($("level").value) }, (answer) => {
    const move = answer.move;
    helpOutput(() => {
      $("help-output").textContent = move.kind === "word" ? t("computerPlayed", move.word, move.swing) : t("computerPassed", cellLabel(move.cell));
    });
    showPath(move.kind === "word" ? move.path : [move.cell]);
  }));
}

// The next layer keeps this one's score in the total and this layer in the recent games; asked first if unfinished.
export function nextLayer() {
  if (page.busy) return undefined;
  if (inProgress(page.current) && !window.confirm(t("confirmNextLayer"))) return undefined;
  return whileBusy(async () => {
    const before = page.current;
    const table = tableOf(before);
    clearMessages();
    const answer = await gameStep("next-layer", {});
    if (!answer) return;
    if (page.current.shared) return;  // the server keeps the shared table's earlier layers (and so the total)
    archive(before);
    setGame(answer, { ...table, past: [...table.past, { layer: before.game.layer, green: before.result.scores[0], silver: before.result.scores[1] }] });
    await computerReplies();
  });
}

export function fillLevels() {
  const levels = (page.current && page.current.levels) || [1, 2, 3, 4, 5];
  [["level", "2"], ["start-level", "1"]].forEach(([id, fallback]) => {
    const select = $(id);
    const chosen = select.value || fallback;
    select.replaceChildren(...levels.map((level) => {
      const option = document.createElement("option");
      option.value = level; option.textContent = t("level", level);
      return option;
    }));
    select.value = levels.map(String).includes(chosen) ? chosen : String(levels[0]);
  });
}

// Lent to the modules below this one (js/upward.js).
provide({ clearTapped, fillLevels, takeBack, tapCell });
