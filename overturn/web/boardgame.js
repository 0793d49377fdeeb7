// The board games' page: Overload, offboard and Insider at the shared table (French first, phone first).
// Everything shown comes from the server's view for this seat: its own Insider hand only, its legal moves
// only on its turn; a watcher sees the table and no hand. Live by EventSource; no inline script or style.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const tableId = params.get("table");
  const seatToken = params.get("seat") || "";
  const TITLES = { overload: "Overload", offboard: "offboard", insider: "Insider" };
  const PLAYERS = { overload: [3, 5], offboard: [2, 2], insider: [2, 4] };
  const GROUPS = {
    load: "Disques du pion au départ", roll: "Dé", move: "Pion à déplacer", give: "Donner un disque à",
    take: "Prendre un disque à", step: "Pas", walk: "Action principale", draw: "Action principale",
    end: "Fin du tour", swap: "Échanger une carte", take_: "Rencontre", decline: "Rencontre",
    seat: "Table de l'INSIDER", guard: "Garde du corps", pass: "Garde du corps", vip: "VIP", done: "Terminer",
    totalout: "Total OUT", card: "Carte piochée", steal: "Carte prise", dice: "Dés", die: "Dé", eval: "Évaluation",
    place: "Remettre la bille", remove: "Retirer la bille",
  };
  const CARDS = { admin: "Administrateur", heli: "Hélicoptère", scandal: "Scandale", trend: "Tendance", guard: "Garde du corps" };
  let view = null;
  let busy = false;
  let replay = null;
  let guardTimer = null; // {number, position, entry} while stepping through the move list

  function showError(text) {
    $("error").textContent = text;
    $("error").hidden = !text;
  }

  async function api(path, options) {
    const response = await fetch(path, options);
    let body = null;
    try { body = await response.json(); } catch (_) { body = null; }
    return { status: response.status, body };
  }

  // ----- creating a table -------------------------------------------------------------

  function namesInputs() {
    const game = $("new-game").value;
    const [low, high] = PLAYERS[game];
    const players = $("new-players");
    players.min = low; players.max = high;
    let count = Math.min(high, Math.max(low, Number(players.value) || low));
    players.value = count;
    const box = $("new-names");
    box.replaceChildren();
    for (let i = 0; i < count; i++) {
      const label = document.createElement("label");
      label.textContent = `Siège ${i + 1} `;
      const input = document.createElement("input");
      input.className = "seat-name"; input.maxLength = 40; input.placeholder = "nom";
      label.append(input);
      box.append(label);
    }
    $("new-dice").disabled = game === "offboard";
    $("new-guard-label").hidden = game !== "insider";
  }

  async function create(event) {
    event.preventDefault();
    const game = $("new-game").value;
    const seats = [...document.querySelectorAll(".seat-name")].map((input) => ({ name: input.value.trim() }));
    const data = { game, seats, options: {} };
    if ($("new-seed").value !== "") data.seed = Number($("new-seed").value);
    if ($("new-dice").checked && game !== "offboard") data.options.table_dice = true;
    if (game === "insider" && $("new-guard").value !== "") data.options.guard_seconds = Number($("new-guard").value);
    const { status, body } = await api("/api/boardgames", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(data),
    });
    if (status !== 201) { showError((body && body.error) || `Erreur ${status}`); return; }
    showError("");
    const list = $("new-links");
    list.replaceChildren();
    body.links.seats.forEach((link, index) => {
      const item = document.createElement("li");
      const a = document.createElement("a");
      a.href = link; a.textContent = `Lien de ${body.table.seats[index].name}`;
      item.append(a); list.append(item);
    });
    const item = document.createElement("li");
    const a = document.createElement("a");
    a.href = body.links.watch; a.textContent = "Lien pour regarder";
    item.append(a); list.append(item);
    list.hidden = false;
  }

  // ----- the table ---------------------------------------------------------------------

  // The referees' lines name Insider's players "Joueur N" (the seats' default names): the table's own names instead.
  function named(text) {
    return view && view.game === "insider" ? text.replace(/\bJoueur (\d)\b/g, (all, number) => seatName(Number(number) - 1) || all) : text;
  }

  function seatName(index) {
    if (!view || index === null || index === undefined) return "";
    const seat = view.table.seats[index];
    return seat ? seat.name : `Siège ${index + 1}`;
  }

  function groupKey(move) {
    const words = move.split(" ");
    if (view.game === "offboard") {
      if (words[0] === "place" || words[0] === "remove") return words[0];
      return "bille " + move.split("-")[0];
    }
    if (words[0] === "play") return words.slice(0, 3).join(" ");
    if (view.game === "insider" && ["walk", "roll", "draw"].includes(move)) return "main";
    if (["take", "decline"].includes(move)) return "meet";
    if (words[0] === "step" || words[0] === "totalout") return `${words[0]} ${words[1]}`;
    return words[0];
  }

  function groupTitle(key) {
    const words = key.split(" ");
    if (words[0] === "bille") return `Bille ${words[1]}`;
    if (words[0] === "play") return `${CARDS[words[1]] || words[1]} ×${words[2]}`;
    if (words[0] === "step") return `Pas depuis ${words[1]}`;
    if (words[0] === "totalout") return `Total OUT depuis ${words[1]}`;
    if (key === "main") return "Action principale";
    if (key === "meet") return "Rencontre";
    return GROUPS[words[0]] || words[0];
  }

  const WORDS = {
    walk: "Marcher", draw: "Piocher", end: "Finir le tour", take: "Prendre une carte", decline: "Refuser",
    pass: "Passer", done: "Terminé", forward: "avancer", back: "reculer",
  };

  function label(move, key) {
    if (view.game === "offboard" && key.startsWith("bille")) return `→ ${move.split("-")[1]}`;
    if (move === "roll") return view.game === "insider" ? "Lancer les dés" : "Lancer le dé";
    if (WORDS[move]) return WORDS[move];
    const rest = key === "main" || key === "meet" ? move : move.slice(key.length).trim();
    if (WORDS[rest]) return WORDS[rest];
    if (!rest) return move;
    return key.startsWith("step") || key.startsWith("totalout") ? `→ ${rest}` : rest;
  }

  function renderLegal() {
    const box = $("legal");
    box.replaceChildren();
    const groups = new Map();
    for (const move of view.legal) {
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
        button.addEventListener("click", () => (view.previews ? preview(move) : play(move)));
        row.append(button);
      }
      group.append(row);
      box.append(group);
    }
  }

  function renderScores() {
    const body = $("scores").tBodies[0];
    body.replaceChildren();
    view.table.seats.forEach((seat, index) => {
      const row = document.createElement("tr");
      if (index === view.to_move) row.className = "to-move";
      if (index === view.you) row.classList.add("you");
      const name = document.createElement("td");
      name.textContent = seat.name + (index === view.you ? " (vous)" : "");
      const score = document.createElement("td");
      score.textContent = `${view.scores[index]} pts`;
      row.append(name, score);
      if (view.hand_counts) {
        const cards = document.createElement("td");
        cards.className = "cards";
        cards.textContent = `${view.hand_counts[index]} cartes`;
        row.append(cards);
      }
      body.append(row);
    });
  }

  function renderHand() {
    const box = $("hand-box");
    if (view.game !== "insider" || view.you === null) { box.hidden = true; return; }
    box.hidden = false;
    const list = $("hand");
    list.replaceChildren();
    const hand = view.hand || {};
    const cards = Object.keys(hand);
    if (!cards.length) {
      const item = document.createElement("li");
      item.textContent = "aucune carte";
      list.append(item);
    }
    for (const card of cards) {
      const item = document.createElement("li");
      item.className = `card card-${card}`;
      item.textContent = `${CARDS[card] || card} ×${hand[card]}`;
      list.append(item);
    }
  }

  function renderHistory() {
    const list = $("history");
    list.replaceChildren();
    view.moves.forEach((entry, index) => {
      const item = document.createElement("li");
      const head = document.createElement("span");
      head.className = "who";
      head.textContent = `${seatName(entry.seat)} : `;
      const move = document.createElement("span");
      move.className = "what";
      move.textContent = entry.move;
      const see = document.createElement("button");
      see.type = "button";
      see.className = "see";
      see.dataset.number = String(index + 1);
      see.textContent = "voir";
      see.setAttribute("aria-label", `Plateau après le coup ${index + 1}`);
      see.addEventListener("click", () => step(index + 1));
      item.append(see, head, move);
      if (entry.effects.length) {
        const effects = document.createElement("small");
        effects.textContent = " — " + entry.effects.map(named).join(" ; ");
        item.append(effects);
      }
      list.append(item);
    });
    list.dataset.count = String(view.moves.length);
  }

  function renderOverload(box) {
    const board = view.board;
    const track = document.createElement("div");
    track.className = "track";
    const finish = board.track.finish;
    const specials = board.track.specials || {};
    const here = {};
    for (const [name, pawn] of Object.entries(board.pawns)) {
      (here[pawn.space] = here[pawn.space] || []).push([name, pawn.discs]);
    }
    for (let space = finish; space >= 0; space--) {
      const cell = document.createElement("div");
      cell.className = "space" + (space === 0 ? " start" : space === finish ? " finish" : "");
      const number = document.createElement("span");
      number.className = "number";
      number.textContent = space === 0 ? "départ" : space === finish ? `arrivée ${space}` : String(space);
      cell.append(number);
      if (specials[space]) {
        const special = document.createElement("span");
        special.className = "special";
        special.textContent = specials[space];
        cell.append(special);
      }
      for (const [name, discs] of here[space] || []) {
        const chip = document.createElement("span");
        chip.className = `pawn pawn-${name.replace(/[0-9]+$/, "")}` + (lastMarks().includes(name) ? " touched" : "");
        chip.dataset.pawn = name;
        chip.textContent = `${name} · ${discs}`;
        chip.title = `${name} : ${discs} disques`;
        cell.append(chip);
      }
      track.append(cell);
    }
    const info = document.createElement("p");
    info.className = "muted";
    info.textContent = `Réserve : ${board.cup} disques · objectif ${board.target} points` + (board.turn.roll ? ` · dé : ${board.turn.roll}` : "");
    box.append(info, track);
  }

  function renderInsider(box) {
    const drawing = view.drawing;
    const grid = document.createElement("div");
    grid.className = "insider-board";
    const byName = new Map(drawing.squares.map((square) => [square.name, square]));
    const pathBetween = new Map((drawing.paths || []).map((path) => [`${path.from}|${path.to}`, path]));
    const columns = [...drawing.columns];
    // a 9×9 grid: squares, the paths between neighbours (their spaces as dots, a pawn's colour on each it holds)
    const pathCell = (from, to, vertical) => {
      const path = pathBetween.get(`${from}|${to}`) || pathBetween.get(`${to}|${from}`);
      const cell = document.createElement("div");
      cell.className = "path" + (vertical ? " vertical" : "");
      for (const space of path ? (vertical ? [...path.spaces].reverse() : path.spaces) : []) {
        const dot = document.createElement("span");
        dot.className = "path-space" + (lastMarks().includes(space.name) ? " touched" : "");
        dot.dataset.space = space.name;
        const holders = space.pawns.map((count, player) => [count, player]).filter(([count]) => count);
        dot.title = space.name + (holders.length ? " : " + holders.map(([count, player]) => `${seatName(player)} ${count}`).join(", ") : "");
        for (const [count, player] of holders) {
          const chip = document.createElement("span");
          chip.className = `pawn pawn-p${player}`;
          chip.textContent = String(count);
          dot.append(chip);
        }
        cell.append(dot);
      }
      return cell;
    };
    for (let row = drawing.rows; row >= 1; row--) {
      if (row < drawing.rows) {
        columns.forEach((column, index) => {
          grid.append(pathCell(`${column}${row}`, `${column}${row + 1}`, true));
          if (index < columns.length - 1) grid.append(document.createElement("div"));
        });
      }
      for (const [index, column] of columns.entries()) {
        if (index > 0) grid.append(pathCell(`${columns[index - 1]}${row}`, `${column}${row}`, false));
        const square = byName.get(`${column}${row}`);
        const cell = document.createElement("div");
        cell.className = "square" + (square.total_out ? " out" : "") + (square.centre ? " centre" : "")
          + (square.base !== null ? ` base base-p${square.base}` : "") + (square.corner && square.base === null ? " closed" : "");
        cell.dataset.square = square.name;
        if (lastMarks().includes(square.name)) cell.classList.add("touched");
        const name = document.createElement("span");
        name.className = "name";
        name.textContent = square.total_out ? `${square.name} OUT` : square.centre ? `${square.name} INSIDER` : square.name;
        cell.append(name);
        square.pawns.forEach((count, player) => {
          if (!count) return;
          const chip = document.createElement("span");
          chip.className = `pawn pawn-p${player}`;
          chip.textContent = String(count);
          chip.title = `${seatName(player)} : ${count} pion(s)`;
          cell.append(chip);
        });
        grid.append(cell);
      }
    }
    box.append(grid);
    const paths = document.createElement("p");
    paths.className = "muted";
    paths.textContent = "Sur les chemins : " + drawing.on_paths.map((count, player) => `${seatName(player)} ${count}`).join(", ")
      + ` · évaluations ${drawing.evaluations[0]}/${drawing.evaluations[1]} · escalier ${drawing.staircase.cave} (cave) à ${drawing.staircase.top}`;
    box.append(paths);
    if (drawing.evaluation) {
      const tables = document.createElement("ol");
      tables.className = "tables";
      for (const table of drawing.evaluation.tables) {
        const item = document.createElement("li");
        item.textContent = `${table.value} pts : ${table.seat === null ? "libre" : seatName(table.seat)}`;
        if (table.seat !== null) item.className = `taken pawn-p${table.seat}`;
        tables.append(item);
      }
      const title = document.createElement("p");
      title.className = "muted";
      title.textContent = `Carte d'évaluation ${drawing.evaluation.card} (absent : ${drawing.evaluation.penalty}) — tables de l'INSIDER :`;
      box.append(title, tables);
    }
  }

  // offboard: the hexagon of 61 holes, row I at the top (I5–I9) down to row A (A1–A5); a tap on one of your
  // marbles shows the moves starting from it.
  const HEX_ROWS = "ABCDEFGHI";
  function renderOffboard(box) {
    const board = view.board;
    const owner = new Map();
    for (const [colour, holes] of Object.entries(board.board)) for (const hole of holes) owner.set(hole, colour);
    const mine = view.you === null ? null : (view.you === 0 ? "red" : "yellow");
    const hex = document.createElement("div");
    hex.className = "hex";
    for (let row = 8; row >= 0; row--) {
      const line = document.createElement("div");
      line.className = "hex-row";
      const first = Math.max(1, row - 3), last = Math.min(9, row + 5);
      for (let col = first; col <= last; col++) {
        const name = `${HEX_ROWS[row]}${col}`;
        const hole = document.createElement("button");
        hole.type = "button";
        hole.className = "hole" + (owner.has(name) ? ` marble-${owner.get(name)}` : "") + (lastMarks().includes(name) ? " touched" : "");
        hole.dataset.hole = name;
        hole.title = name;
        hole.setAttribute("aria-label", name + (owner.has(name) ? (owner.get(name) === "red" ? " rouge" : " jaune") : " libre"));
        if (owner.get(name) === mine && view.legal.length) {
          hole.addEventListener("click", () => {
            const group = document.querySelector(`#legal .group[data-key="bille ${name}"]`);
            document.querySelectorAll("#legal .group.chosen, .hole.chosen").forEach((el) => el.classList.remove("chosen"));
            hole.classList.add("chosen");
            if (group) { group.classList.add("chosen"); group.scrollIntoView({ block: "nearest" }); }
          });
        } else {
          hole.disabled = true;
        }
        line.append(hole);
      }
      hex.append(line);
    }
    const frame = document.createElement("div");
    frame.className = "hex-frame";
    frame.append(hex);
    const out = document.createElement("p");
    out.className = "muted";
    out.textContent = `Cibles : n° · points (cercle plein : déjà prise) · Hors jeu : rouge ${board.not_in_play.red}, jaune ${board.not_in_play.yellow} · 6 points pour gagner`
      + (board.in_hand ? ` · bille en main : ${board.in_hand === "red" ? "rouge" : "jaune"}` : "");
    box.append(frame, out);
    drawTargets(frame, hex);
  }

  // Each target is drawn just outside the edge holes that drain into it, away from the centre E5 (any layout).
  function drawTargets(frame, hex) {
    const centre = hex.querySelector('[data-hole="E5"]');
    if (!centre || !view.targets) return;
    const base = frame.getBoundingClientRect();
    const middle = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2 - base.left, r.top + r.height / 2 - base.top]; };
    const [cx, cy] = middle(centre);
    const touched = lastMarks();
    for (const target of view.targets) {
      const points = target.holes.map((name) => hex.querySelector(`[data-hole="${name}"]`)).filter(Boolean).map(middle);
      if (!points.length) continue;
      const mx = points.reduce((sum, [x]) => sum + x, 0) / points.length;
      const my = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
      const length = Math.hypot(mx - cx, my - cy) || 1;
      const chip = document.createElement("span");
      chip.className = "target" + (target.holder ? ` held-${target.holder}` : "") + (touched.includes(`target ${target.number}`) ? " touched" : "");
      chip.dataset.target = String(target.number);
      chip.textContent = `${target.number}·${target.value}`;
      chip.title = `Cible n°${target.number} : ${target.value} point(s)` + (target.holder ? `, prise (${target.holder === "red" ? "rouge" : "jaune"})` : "");
      chip.style.left = `${mx + ((mx - cx) / length) * 26}px`;
      chip.style.top = `${my + ((my - cy) / length) * 26}px`;
      frame.append(chip);
    }
  }

  // The places the last move touched (server-computed names: holes, targets, pawns, squares).
  function lastMarks() {
    if (replay) return (replay.entry && replay.entry.marks) || [];
    const last = view.moves && view.moves[view.moves.length - 1];
    return (last && last.marks) || [];
  }

  function renderDrawing() {
    const box = $("drawing");
    box.replaceChildren();
    if (view.game === "overload" && view.board && view.board.track) {
      renderOverload(box);
    } else if (view.game === "offboard" && view.board && view.board.board) {
      renderOffboard(box);
    } else if (view.game === "insider" && view.drawing) {
      renderInsider(box);
    } else {
      const pre = document.createElement("pre");
      pre.className = "board";
      pre.textContent = view.board_text;
      box.append(pre);
    }
  }

  async function step(number) {
    if (!view || number < 1 || number > view.moves.length) return;
    const query = seatToken ? `?seat=${encodeURIComponent(seatToken)}` : "";
    const { status, body } = await api(`/api/boardgames/${encodeURIComponent(tableId)}/moves/${number}${query}`);
    if (status !== 200) { showError((body && body.error) || `Erreur ${status}`); return; }
    replay = body;
    renderReplay();
  }

  function renderReplay() {
    const bar = $("replay");
    if (!replay) {
      bar.hidden = true;
      renderDrawing();
      $("board-text").textContent = view.board_text;
      return;
    }
    const live = view;
    view = { ...live, ...replay.position, legal: [] };
    try {
      renderDrawing();
      $("board-text").textContent = view.board_text;
    } finally {
      view = live;
    }
    $("replay-label").textContent = `Après le coup ${replay.number}/${view.moves.length} : ${seatName(replay.entry.seat)}, ${replay.entry.move}`;
    $("replay-back").disabled = replay.number <= 1;
    $("replay-forward").disabled = replay.number >= view.moves.length;
    bar.hidden = false;
  }

  // Insider: a starred card waits for the victim's Bodyguard answer; with a time limit, a countdown on every phone
  // (the server itself answers 'pass' when it runs out).
  function renderGuard() {
    if (guardTimer) { clearInterval(guardTimer); guardTimer = null; }
    const box = $("guard");
    const guard = view.game === "insider" && view.question === "guard" && !view.over ? view.guard : null;
    if (!guard) { box.hidden = true; return; }
    const card = `${CARDS[guard.card] || guard.card} ×${guard.power}`;
    const asked = view.you === view.to_move;
    const ask = asked ? `${seatName(guard.from)} joue ${card} : le contrez-vous avec un garde du corps ?` : `${seatName(view.to_move)} répond au ${card} de ${seatName(guard.from)}`;
    // the server's deadline (kept with the table, so a page opened late counts what is really left), within the table's limit
    let left = guard.seconds;
    if (guard.deadline && left !== null && left !== undefined) left = Math.min(left, Math.max(0, Math.round(guard.deadline - Date.now() / 1000)));
    const show = () => { box.textContent = left === null || left === undefined ? ask : `${ask} (${Math.max(0, left)} s)`; };
    show();
    box.hidden = false;
    if (left !== null && left !== undefined) {
      guardTimer = setInterval(() => { left -= 1; show(); if (left <= 0) { clearInterval(guardTimer); guardTimer = null; } }, 1000);
    }
  }

  function render() {
    document.title = `${view.title} — Overturn`;
    $("title").textContent = view.title;
    $("rules-link").href = `/api/boardgames/rules/${view.game}`;
    $("rules-link").hidden = false;
    $("rules-link").textContent = "Règles";
    $("table").hidden = false;
    $("table").dataset.version = String(view.table.version);
    if (view.over) {
      $("turn").textContent = "Partie terminée";
      $("over").textContent = `Partie terminée : ${view.winners.map(seatName).join(", ")} ${view.winners.length > 1 ? "gagnent" : "gagne"} !`;
      $("over").hidden = false;
    } else {
      const mine = view.you !== null && view.you === view.to_move;
      $("turn").textContent = mine ? `À vous de jouer, ${seatName(view.you)}` : `Au tour de ${seatName(view.to_move)}`;
      $("turn").className = mine ? "turn mine" : "turn";
      $("over").hidden = true;
    }
    renderScores();
    renderGuard();
    renderHand();
    renderDrawing();
    $("board-text").textContent = view.board_text;
    $("awaiting").textContent = named(view.awaiting);
    $("moves-box").hidden = view.you === null || !view.legal.length;
    $("watcher").hidden = view.you !== null;
    renderLegal();
    $("preview").hidden = true;
    renderHistory();
    if (replay) renderReplay(); // stepping through the list stays where it is; "Direct" comes back
  }

  function accept(next) {
    if (!next || !next.table) return;
    if (view && next.table.version < view.table.version) return;
    view = next;
    render();
  }

  // offboard: what the move would push, and where, before it is confirmed
  function preview(move) {
    $("preview-text").textContent = `${move} : ${view.previews[move] || ""}`;
    $("preview").dataset.move = move;
    $("preview").hidden = false;
    clearPreviewMarks();
    const marks = (view.preview_marks || {})[move];
    if (!marks) return;
    for (const name of marks.moving) document.querySelector(`[data-hole="${name}"]`)?.classList.add("moving");
    for (const name of marks.pushed) document.querySelector(`[data-hole="${name}"]`)?.classList.add("pushed");
    if (marks.target !== null) document.querySelector(`.target[data-target="${marks.target}"]`)?.classList.add("aimed");
  }

  function clearPreviewMarks() {
    document.querySelectorAll(".hole.moving, .hole.pushed, .target.aimed").forEach((el) => el.classList.remove("moving", "pushed", "aimed"));
  }

  async function play(move) {
    if (busy || !view) return;
    busy = true;
    $("refusal").hidden = true;
    try {
      const { status, body } = await api(`/api/boardgames/${encodeURIComponent(tableId)}/moves`, {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ seat: seatToken, version: view.table.version, move }),
      });
      if (status === 200 && body.refused) {
        $("refusal").textContent = `Coup refusé : ${body.refused.message} (${body.refused.detail})`;
        $("refusal").hidden = false;
        accept(body.state);
      } else if (status === 200) {
        $("played").textContent = `Joué : ${body.result.move}`;
        $("played").hidden = false;
        $("typed-move").value = "";
        accept(body.state);
      } else if (status === 409 && body && body.detail && body.detail.state) {
        $("refusal").textContent = body.detail.reason === "stale"
          ? "La table a changé pendant ce coup : il n'a pas été joué. Voici la table à jour."
          : "Ce n'est pas votre tour.";
        $("refusal").hidden = false;
        accept(body.detail.state);
      } else {
        showError((body && body.error) || `Erreur ${status}`);
      }
    } catch (_) {
      showError("Le serveur ne répond pas ; réessayez.");
    } finally {
      busy = false;
    }
  }

  function listen() {
    const query = seatToken ? `?seat=${encodeURIComponent(seatToken)}` : "";
    const source = new EventSource(`/api/boardgames/${encodeURIComponent(tableId)}/events${query}`);
    source.addEventListener("state", (event) => {
      showError("");
      accept(JSON.parse(event.data));
    });
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) showError("Le direct est coupé ; rechargez la page.");
    });
  }

  async function open() {
    const query = seatToken ? `?seat=${encodeURIComponent(seatToken)}` : "";
    const { status, body } = await api(`/api/boardgames/${encodeURIComponent(tableId)}${query}`);
    if (status !== 200) { showError((body && body.error) || `Erreur ${status}`); return; }
    accept(body);
    listen();
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("preview-confirm").addEventListener("click", () => { $("preview").hidden = true; clearPreviewMarks(); play($("preview").dataset.move); });
    $("preview-cancel").addEventListener("click", () => { $("preview").hidden = true; clearPreviewMarks(); });
    $("replay-back").addEventListener("click", () => replay && step(replay.number - 1));
    $("replay-forward").addEventListener("click", () => replay && step(replay.number + 1));
    $("replay-live").addEventListener("click", () => { replay = null; renderReplay(); });
    $("typed").addEventListener("submit", (event) => {
      event.preventDefault();
      const move = $("typed-move").value.trim();
      if (move) play(move);
    });
    if (tableId) {
      open();
    } else {
      $("new-form").hidden = false;
      $("new-game").addEventListener("change", namesInputs);
      $("new-players").addEventListener("change", namesInputs);
      $("new-form").addEventListener("submit", create);
      namesInputs();
    }
  });
})();
