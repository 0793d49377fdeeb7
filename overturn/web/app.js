// The table page: deal or type a board, play a whole game of Overturn (kept in this browser and sent
// with every request, or held by the server as a shared table: one link per seat, live on every phone),
// settle disputes in the game's context, list every word of a board, and look words up. Plain JavaScript, no build step, no
// inline script or style (the server's Content-Security-Policy allows only these files).
"use strict";

const SIZE = 6;
const STORE_GAME = "overturn-game";
const STORE_LANG = "overturn-lang";
const STORE_RECENT = "overturn-recent";
const STORE_TABLES = "overturn-tables";  // the shared tables this phone created: id -> {creator, tokens}
const STORE_JOINED = "overturn-joined";  // the shared tables this phone opened, newest first: [{id, seat, names, role, at}]
const MAX_TABLES = 20;
const MAX_RECENT = 10;   // recent games kept on this phone, newest first
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const TEXT = {
  fr: {
    gridLabel: "Grille", green: "Vert", silver: "Argent", pathKey: "chemin",
    moveLabel: "Mot à jouer", movePlaceholder: "Touchez les lettres ou tapez le mot", play: "Jouer",
    back: "⌫ Dernière lettre", pass: "Passer", passAnyway: "Passer quand même", undo: "Annuler le coup",
    playedTitle: "Mots joués", helps: "Aides (si la table les permet)", hint: "Indice", allLegal: "Tous les mots jouables",
    levelLabel: "Niveau de l'ordinateur", level: (n) => `Niveau ${n}`, computer: "L'ordinateur joue",
    nextLayer: "Couche suivante", newGame: "Nouvelle partie", share: "Partager cette grille", qrLabel: "QR code du lien de la grille",
    startTitle: "Nouvelle partie", seedLabel: "Numéro de donne", seedPlaceholder: "n° de donne (vide : au hasard)", deal: "Distribuer",
    pasteLabel: "Ou taper / coller une grille", pastePlaceholder: "AMRECD / ETSOAU / …", modeLabel: "Mode",
    modeReuse: "Base (lettres réutilisables)", modeAdvanced: "Avancé (chaque lettre une fois)",
    endingLabel: "Fin de partie", endingPosition: "Fin : plus aucun mot possible (règle 4)", endingPasses: "Fin : deux « passe » de suite",
    startBoard: "Jouer cette grille", solve: "Tous les mots", clear: "Effacer", resume: "Reprendre la partie",
    refereeTitle: "Mot contesté (hors partie)", disputePlaceholder: "Mot contesté, ex. ACCÈS", judge: "Arbitrer",
    dictTitle: "Dictionnaire", dictPlaceholder: "Un mot, ex. PÊCHE", lookup: "Chercher",
    dictKindLabel: "Recherche", kindLookup: "Définition", kindAnagrams: "Anagrammes (? = joker)", kindHooks: "Rallonges (une lettre de plus)",
    kindPlus: "Tirage + 1 lettre", kindForms: "Toutes les formes (conjugaison)", kindStarts: "Commence par", kindEnds: "Finit par",
    kindContains: "Contient", kindLength: "Longueur (nombre de lettres)", kindPattern: "Motif (. = une lettre)", kindFit: "Grille + tirage (ex. ..E.S AIRT?)", kindTwo: "Liste : mots de 2 lettres", kindThree: "Liste : mots de 3 lettres",
    kindQ: "Liste : Q sans U", kindNoVowel: "Liste : sans voyelle", noneFound: "Aucun mot.", inFront: "Devant :", behind: "Derrière :",
    inside: (letter) => `+${letter} dedans :`, plusLetter: (letter) => `+${letter} :`, jokerWas: (letters) => `(? = ${letters})`,
    formsOf: (lemma, pos, n) => `${lemma} (${pos}, ${n} forme${n > 1 ? "s" : ""})`, definitions: "Définitions :", moreShown: "(liste tronquée)",
    otherForms: "Autres formes :", genderNumber: "genre et nombre", dictBusy: "Recherche en cours…",
    tenses: { W: "infinitif", G: "participe présent", K: "participe passé", P: "indicatif présent", I: "imparfait", J: "passé simple",
      F: "futur", C: "conditionnel présent", S: "subjonctif présent", T: "subjonctif imparfait", Y: "impératif" },
    persons: { "1s": "je", "2s": "tu", "3s": "il", "1p": "nous", "2p": "vous", "3p": "ils", ms: "m. sg.", fs: "f. sg.", mp: "m. pl.", fp: "f. pl.", m: "m.", f: "f.", s: "sg.", p: "pl." },
    pos: { N: "nom", A: "adjectif", V: "verbe", ADV: "adverbe", PREP: "préposition", PRO: "pronom", DET: "déterminant", INTJ: "interjection" },
    words: (n) => `${n} mot${n > 1 ? "s" : ""}`, letters: (n) => `${n} lettres`, solving: "Recherche…",
    truncated: (n) => `(les ${n} plus longs affichés)`,
    legal: "Valable", illegal: "Refusé", valid: "dans le lexique", notWord: "absent du lexique", suggestions: "Mots proches :",
    network: "Le serveur ne répond pas. La partie reste gardée sur ce téléphone.",
    score: (g, s) => `Vert ${g} · Argent ${s}`, toMove: (side) => (side === "silver" ? "au tour d'Argent" : "au tour de Vert"),
    colour: { green: "Vert", silver: "Argent" },
    winner: (c, a, b) => `Partie finie : ${c} gagne ${a} à ${b}.`, tie: (n) => `Partie finie : égalité, ${n} partout.`,
    swing: (n) => `gain d'anneaux ${n > 0 ? "+" : ""}${n}`, pathOf: "chemin :",
    played: (c, w) => `${c} : ${w}`, passed: (c, cell) => `${c} passe (anneau adverse en ${cell})`,
    readings: "Lectures fixées :", reading: (face, value) => `${face === "ZX" ? "ZX" : "Qu"} = ${value}`,
    passNeedsCell: "Pour passer, touchez une seule case sans anneau : l'adversaire y reçoit un anneau.",
    passWarning: (n) => `Il reste ${n} mot${n > 1 ? "s" : ""} jouable${n > 1 ? "s" : ""}. Touchez « Passer quand même » pour confirmer.`,
    noWord: "Touchez les lettres du mot ou tapez-le.", hintIs: (w, n) => `Indice : ${w} (${n > 0 ? "+" : ""}${n})`,
    noMove: "Aucun mot jouable : il faut passer.", computerPlayed: (w, n) => `L'ordinateur joue ${w} (${n > 0 ? "+" : ""}${n}).`,
    computerPassed: (cell) => `L'ordinateur passe (anneau en ${cell}).`,
    badChar: (ch, r, c) => `Caractère « ${ch} » inattendu en rangée ${r}, colonne ${c} : la grille n'est pas remplie.`,
    badBracket: (r, c) => `Rangée ${r}, colonne ${c} : seules [ZX] et [QU] s'écrivent entre crochets.`,
    tooMany: (n) => `${n} cases : une grille en a 36. Rien n'a été coupé, corrigez le texte.`,
    incomplete: (n) => `La grille n'est pas complète : ${n} case(s) vide(s).`,
    fields: {
      board: "La grille est invalide.", word: "Mot invalide ou trop long (64 lettres au plus).", seed: "Le numéro de donne est un entier de 0 à 4 294 967 295.",
      game: "La partie enregistrée est illisible ; commencez-en une nouvelle.", path: "Chemin impossible.", mode: "Mode inconnu.",
      level: "Niveau inconnu.", player: "Joueur inconnu.", lexicon: "Lexique inconnu.", cell: "Touchez une case.",
      letters: "Tirage invalide : des lettres seulement, avec au plus deux jokers « ? » (15 lettres au plus ; 14 pour + 1 lettre).",
      starts: "Début invalide : des lettres seulement.", ends: "Fin invalide : des lettres seulement.", contains: "Des lettres seulement.",
      length: "Longueur invalide : un nombre de lettres, de 1 à 64.", q: "Motif invalide (. = une lettre, ex. C.EUR).",
      pattern: "Grille invalide : des lettres et des points, ex. ..E.S puis le tirage.",
      rack: "Tirage invalide : écrivez la grille (ex. ..E.S), une espace, puis les lettres du tirage (? = joker).",
      name: "Liste inconnue.",
    },
    codes: {
      nothing_to_undo: "Aucun coup à annuler.", no_next_layer: "Grille tapée à la main : pas d'autre couche.", game_over: "La partie est finie.",
      stale: "La partie a avancé sur un autre téléphone : votre coup n'a pas été joué. Voici la partie à jour.",
      not_your_turn: "Ce n'est pas votre tour.", watcher: "Vous regardez : seuls les joueurs jouent.",
      bad_seat_token: "Ce lien de place n'est plus valable (la place a été confiée à un autre téléphone).",
      no_such_table: "Cette table n'existe pas (lien erroné, ou le serveur ne garde pas les tables).",
      store_unavailable: "Le serveur ne peut pas lire les tables pour l'instant ; réessayez.", not_over: "La couche n'est pas finie.",
      too_many_streams: "Trop de téléphones suivent les parties sur ce serveur ; nouvel essai dans un instant.",
      too_slow: "Recherche trop longue : précisez-la (plus de lettres, un filtre de plus).",
    },
    status: { 413: "Requête trop grande.", 503: "Le serveur est surchargé, réessayez.", 404: "Adresse inconnue.", other: (n) => `Requête refusée (HTTP ${n}).` },
    reasons: {
      ok: "Mot valable.", not_in_lexicon: "Ce mot n'est pas dans le lexique.", too_short: "Mot trop court.",
      cannot_trace: "Aucun chemin de la grille n'écrit ce mot.", single_tile: "Le mot reste dans une seule tuile.",
      no_new_cell: "Le mot n'utilise aucune lettre nouvelle (sans anneau).", no_used_cell: "Le mot n'utilise aucune lettre déjà cerclée.",
      already_played: "Ce mot a déjà été joué.", reading_conflict: "Lecture ZX/Qu contraire à celle déjà fixée.",
      cell_reused: "Mode avancé : une lettre ne sert qu'une fois.", bad_path: "Ce chemin n'écrit pas ce mot (cases non voisines ou autres lettres).",
      wrong_player: "Ce n'est pas ton tour.", game_over: "La partie est finie.",
      bad_cell: "Cette case n'est pas sur la grille.", cell_not_new: "Cette case a déjà un anneau : on passe sur une lettre nouvelle.",
      family_filter: "Table familiale : ce mot n'est pas joué ici.",
    },
    busyLabel: "Réponse attendue", stepBack: "Coup précédent", stepForward: "Coup suivant", stepLive: "Position actuelle",
    stepLabel: (n, total) => `Après le coup ${n} / ${total}`, stepStart: (total) => `Début de la couche (0 / ${total})`,
    opponentLabel: "Qui joue ?", opponentTwo: "Deux joueurs sur ce téléphone", opponentComputer: "Contre l'ordinateur (vous jouez Vert)",
    opponentTable: "Un téléphone chacun", recentTitle: "Parties récentes", reviewTitle: "Bilan de la partie",
    nameGreen: "Nom du joueur Vert", nameSilver: "Nom du joueur Argent", tableLinks: "Liens de la table", familyLabel: "Table familiale",
    otherGames: "Autres jeux à la table : Overload, offboard, Insider",
    silverComputer: "Argent : l'ordinateur (au niveau choisi)", allHere: "Toutes les places sur ce téléphone",
    allSeatsHere: "Toutes les places sont sur ce téléphone : il passe de main en main.",
    computerSeat: (name) => `${name} est joué par l'ordinateur, sur le serveur.`,
    seatYou: (name, colour) => `Vous jouez ${name} (${colour}).`, watching: "Vous regardez cette partie.",
    turnOf: (name) => `au tour de ${name}`, liveLost: "Connexion perdue, reconnexion…",
    seatLink: (name, colour) => `Lien de ${name} (${colour})`, yourSeat: "c'est ce téléphone", watchLink: "Pour regarder",
    newLink: "Nouveau lien", newLinkDone: (name) => `Nouveau lien pour ${name} : l'ancien ne marche plus.`,
    computerName: "Ordinateur", computerMove: (c, w) => `Ordinateur (${c}) : ${w}`, computerPass: (c, cell) => `Ordinateur (${c}) passe (anneau adverse en ${cell})`,
    total: (g, s, n) => `Total des ${n} couches : Vert ${g} · Argent ${s}`, layerScore: (n, g, s) => `couche ${n} : ${g}–${s}`,
    confirmNewGame: "Quitter cette partie pour en commencer une autre ? Elle restera dans « Parties récentes ».",
    confirmNextLayer: "Cette couche n'est pas finie. Passer quand même à la couche suivante ? Son score sera gardé dans le total, et la partie dans « Parties récentes ».",
    confirmOpenLink: "Ouvrir la partie de ce lien ? La partie en cours sur ce téléphone restera dans « Parties récentes ».",
    recentItem: (name, moves, g, s, when) => `${name} · ${moves} coup${moves > 1 ? "s" : ""} · Vert ${g} – Argent ${s} · ${when}`,
    recentTable: (names, role, when) => `Table partagée : ${names} · ${role} · ${when}`, recentWatch: "spectateur",
    dealName: (seed, layer) => `Donne ${seed}${layer ? `, couche ${layer + 1}` : ""}`, typedName: "Grille tapée", vsComputer: (n) => ` · contre l'ordinateur (niveau ${n})`,
    reviewPlayer: (c, p) => `${c} : ${p.moves} coup${p.moves > 1 ? "s" : ""} dont ${p.passes} passe${p.passes > 1 ? "s" : ""}, gain d'anneaux ${p.swing} sur ${p.best_swing} possibles, ${p.best_moves} meilleur${p.best_moves > 1 ? "s" : ""} coup${p.best_moves > 1 ? "s" : ""}${p.longest_played ? `, mot le plus long ${p.longest_played}` : ""}.`,
    reviewMove: (n, c, played, best, missed) => `${n}. ${c} ${played}${missed > 0 ? ` — meilleur : ${best} (${missed} de plus)` : " — le meilleur coup"}`,
    passWord: "passe",
  },
  en: {
    gridLabel: "Board", green: "Green", silver: "Silver", pathKey: "path",
    moveLabel: "Word to play", movePlaceholder: "Tap the letters or type the word", play: "Play",
    back: "⌫ Last letter", pass: "Pass", passAnyway: "Pass anyway", undo: "Undo move",
    playedTitle: "Words played", helps: "Helps (if the table allows them)", hint: "Hint", allLegal: "Every legal word now",
    levelLabel: "Computer level", level: (n) => `Level ${n}`, computer: "Computer plays",
    nextLayer: "Next layer", newGame: "New game", share: "Share this board", qrLabel: "QR code of the board's link",
    startTitle: "New game", seedLabel: "Deal number", seedPlaceholder: "deal no. (empty: random)", deal: "Deal",
    pasteLabel: "Or type / paste a board", pastePlaceholder: "AMRECD / ETSOAU / …", modeLabel: "Mode",
    modeReuse: "Basic (letters may repeat)", modeAdvanced: "Advanced (each letter once)",
    endingLabel: "End of the game", endingPosition: "Ends when no word is left (rule 4)", endingPasses: "Ends after two passes in a row",
    startBoard: "Play this board", solve: "All words", clear: "Clear", resume: "Resume the game",
    refereeTitle: "Disputed word (no game)", disputePlaceholder: "Disputed word, e.g. ACCÈS", judge: "Referee",
    dictTitle: "Dictionary", dictPlaceholder: "A word, e.g. PÊCHE", lookup: "Look up",
    dictKindLabel: "Search", kindLookup: "Definition", kindAnagrams: "Anagrams (? = joker)", kindHooks: "Hooks (one letter more)",
    kindPlus: "Rack + 1 letter", kindForms: "Every form (conjugation)", kindStarts: "Starts with", kindEnds: "Ends with",
    kindContains: "Contains", kindLength: "Length (number of letters)", kindPattern: "Pattern (. = one letter)", kindFit: "Board + rack (e.g. ..E.S AIRT?)", kindTwo: "List: two-letter words", kindThree: "List: three-letter words",
    kindQ: "List: Q without U", kindNoVowel: "List: no vowel", noneFound: "No word.", inFront: "In front:", behind: "Behind:",
    inside: (letter) => `+${letter} inside:`, plusLetter: (letter) => `+${letter}:`, jokerWas: (letters) => `(? = ${letters})`,
    formsOf: (lemma, pos, n) => `${lemma} (${pos}, ${n} form${n === 1 ? "" : "s"})`, definitions: "Definitions:", moreShown: "(list cut short)",
    otherForms: "Other forms:", genderNumber: "gender and number", dictBusy: "Searching…",
    tenses: { W: "infinitive", G: "present participle", K: "past participle", P: "present", I: "imperfect", J: "simple past",
      F: "future", C: "conditional", S: "present subjunctive", T: "imperfect subjunctive", Y: "imperative" },
    persons: { "1s": "je", "2s": "tu", "3s": "il", "1p": "nous", "2p": "vous", "3p": "ils", ms: "m. sg.", fs: "f. sg.", mp: "m. pl.", fp: "f. pl.", m: "m.", f: "f.", s: "sg.", p: "pl." },
    pos: { N: "noun", A: "adjective", V: "verb", ADV: "adverb", PREP: "preposition", PRO: "pronoun", DET: "determiner", INTJ: "interjection" },
    words: (n) => `${n} word${n === 1 ? "" : "s"}`, letters: (n) => `${n} letters`, solving: "Searching…",
    truncated: (n) => `(the ${n} longest shown)`,
    legal: "Legal", illegal: "Refused", valid: "in the lexicon", notWord: "not in the lexicon", suggestions: "Closest words:",
    network: "The server does not answer. The game stays kept on this phone.",
    score: (g, s) => `Green ${g} · Silver ${s}`, toMove: (side) => `${side === "silver" ? "Silver" : "Green"} to move`,
    colour: { green: "Green", silver: "Silver" },
    winner: (c, a, b) => `Game over: ${c} wins ${a} to ${b}.`, tie: (n) => `Game over: a tie, ${n} each.`,
    swing: (n) => `ring swing ${n > 0 ? "+" : ""}${n}`, pathOf: "path:",
    played: (c, w) => `${c}: ${w}`, passed: (c, cell) => `${c} passes (opponent's ring on ${cell})`,
    readings: "Fixed readings:", reading: (face, value) => `${face === "ZX" ? "ZX" : "Qu"} = ${value}`,
    passNeedsCell: "To pass, tap one cell without a ring: the opponent gets a ring there.",
    passWarning: (n) => `${n} legal word${n === 1 ? " is" : "s are"} left. Tap "Pass anyway" to confirm.`,
    noWord: "Tap the word's letters or type it.", hintIs: (w, n) => `Hint: ${w} (${n > 0 ? "+" : ""}${n})`,
    noMove: "No legal word: you have to pass.", computerPlayed: (w, n) => `The computer plays ${w} (${n > 0 ? "+" : ""}${n}).`,
    computerPassed: (cell) => `The computer passes (ring on ${cell}).`,
    badChar: (ch, r, c) => `Unexpected character "${ch}" at row ${r}, column ${c}: the board is not filled in.`,
    badBracket: (r, c) => `Row ${r}, column ${c}: only [ZX] and [QU] go in brackets.`,
    tooMany: (n) => `${n} cells: a board has 36. Nothing was cut; fix the text.`,
    incomplete: (n) => `The board is not complete: ${n} empty cell(s).`,
    fields: {
      board: "The board is not valid.", word: "Bad or too long word (64 letters at most).", seed: "The deal number is a whole number from 0 to 4,294,967,295.",
      game: "The saved game cannot be read; start a new one.", path: "Impossible path.", mode: "Unknown mode.",
      level: "Unknown level.", player: "Unknown player.", lexicon: "Unknown lexicon.", cell: "Tap a cell.",
      letters: "Bad rack: letters only, with at most two ? jokers (15 letters at most; 14 for + 1 letter).",
      starts: "Bad start: letters only.", ends: "Bad ending: letters only.", contains: "Letters only.",
      length: "Bad length: a number of letters, from 1 to 64.", q: "Bad pattern (. = one letter, e.g. C.EUR).",
      pattern: "Bad board pattern: letters and dots, e.g. ..E.S then the rack.",
      rack: "Bad rack: write the board pattern (e.g. ..E.S), a space, then the rack's letters (? = joker).",
      name: "Unknown list.",
    },
    codes: {
      nothing_to_undo: "No move to undo.", no_next_layer: "Typed board: there is no other layer.", game_over: "The game is over.",
      stale: "The game moved on on another phone: your move was not played. Here is the game as it is.",
      not_your_turn: "It is not your turn.", watcher: "You are watching: only the players move.",
      bad_seat_token: "This seat link is no longer valid (the seat was handed to another phone).",
      no_such_table: "There is no such table (a wrong link, or the server does not keep tables).",
      store_unavailable: "The server cannot read its tables right now; try again.", not_over: "The layer is not over.",
      too_many_streams: "Too many phones follow games on this server; trying again in a moment.",
      too_slow: "The search took too long: narrow it (more letters, one more filter).",
    },
    status: { 413: "Request too large.", 503: "The server is busy; try again.", 404: "Unknown address.", other: (n) => `Request refused (HTTP ${n}).` },
    reasons: {
      ok: "Legal word.", not_in_lexicon: "This word is not in the lexicon.", too_short: "Too short.",
      cannot_trace: "No path on the board spells this word.", single_tile: "The word stays inside one tile.",
      no_new_cell: "The word uses no new (unringed) letter.", no_used_cell: "The word uses no ringed letter.",
      already_played: "This word was already played.", reading_conflict: "ZX/Qu read differently than fixed earlier.",
      cell_reused: "Advanced mode: each letter is used once.", bad_path: "This path does not spell the word (cells not adjacent, or other letters).",
      wrong_player: "It is not your turn.", game_over: "The game is over.",
      bad_cell: "This cell is not on the board.", cell_not_new: "This cell already has a ring: a pass rings a new letter.",
      family_filter: "Family table: this word is not played here.",
    },
    busyLabel: "Waiting for the answer", stepBack: "Previous move", stepForward: "Next move", stepLive: "Current position",
    stepLabel: (n, total) => `After move ${n} / ${total}`, stepStart: (total) => `Start of the layer (0 / ${total})`,
    opponentLabel: "Who plays?", opponentTwo: "Two players on this phone", opponentComputer: "Against the computer (you play Green)",
    opponentTable: "One phone each", recentTitle: "Recent games", reviewTitle: "Game review",
    nameGreen: "Green player's name", nameSilver: "Silver player's name", tableLinks: "The table's links", familyLabel: "Family table",
    otherGames: "Other games at the table: Overload, offboard, Insider",
    silverComputer: "Silver: the computer (at the chosen level)", allHere: "Every seat on this phone",
    allSeatsHere: "Every seat is on this phone: pass it round.",
    computerSeat: (name) => `${name} is played by the computer, on the server.`,
    seatYou: (name, colour) => `You play ${name} (${colour}).`, watching: "You are watching this game.",
    turnOf: (name) => `${name} to move`, liveLost: "Connection lost, reconnecting…",
    seatLink: (name, colour) => `${name}'s link (${colour})`, yourSeat: "this phone", watchLink: "To watch",
    newLink: "New link", newLinkDone: (name) => `New link for ${name}: the old one no longer works.`,
    computerName: "Computer", computerMove: (c, w) => `Computer (${c}): ${w}`, computerPass: (c, cell) => `Computer (${c}) passes (opponent's ring on ${cell})`,
    total: (g, s, n) => `Total over ${n} layers: Green ${g} · Silver ${s}`, layerScore: (n, g, s) => `layer ${n}: ${g}–${s}`,
    confirmNewGame: "Leave this game to start another? It stays under \"Recent games\".",
    confirmNextLayer: "This layer is not finished. Go on to the next layer anyway? Its score is kept in the total, and the game under \"Recent games\".",
    confirmOpenLink: "Open this link's game? The game in progress on this phone stays under \"Recent games\".",
    recentItem: (name, moves, g, s, when) => `${name} · ${moves} move${moves === 1 ? "" : "s"} · Green ${g} – Silver ${s} · ${when}`,
    recentTable: (names, role, when) => `Shared table: ${names} · ${role} · ${when}`, recentWatch: "watching",
    dealName: (seed, layer) => `Deal ${seed}${layer ? `, layer ${layer + 1}` : ""}`, typedName: "Typed board", vsComputer: (n) => ` · against the computer (level ${n})`,
    reviewPlayer: (c, p) => `${c}: ${p.moves} move${p.moves === 1 ? "" : "s"} (${p.passes} pass${p.passes === 1 ? "" : "es"}), ring swing ${p.swing} of ${p.best_swing} possible, ${p.best_moves} best move${p.best_moves === 1 ? "" : "s"}${p.longest_played ? `, longest word ${p.longest_played}` : ""}.`,
    reviewMove: (n, c, played, best, missed) => `${n}. ${c} ${played}${missed > 0 ? ` — best: ${best} (${missed} more)` : " — the best move"}`,
    passWord: "pass",
  },
};

const $ = (id) => document.getElementById(id);
let lang = localStorage.getItem(STORE_LANG) === "en" ? "en" : "fr";  // French unless the switch was used
let current = null;      // the game: the last /api/game answer ({game, faces, result, has_next_layer, levels})
let tapped = [];         // cells tapped for the move being entered
let passWarned = false;  // the pass warning was shown for this turn: the next tap on Pass passes
let solution = null;     // the last /api/solve answer (no game)
let shown = {};          // what to re-render on a language switch: {verdict, disputeVerdict, dict, error, help, note}
let busy = false;        // a request is in flight: the buttons that would race it are disabled
let viewing = null;      // stepping through the move list: the number of moves shown (null: the current position)
let reviewed = null;     // {key, answer}: the post-game review of the game whose moves are key
let live = null;         // the shared table's event stream (EventSource), while one is open

function t(key, ...args) {
  const value = TEXT[lang][key];
  return typeof value === "function" ? value(...args) : value;
}

function cellName(row, col) { return `${LETTERS[col]}${row + 1}`; }
function pathNames(path) { return path.map(([row, col]) => cellName(row, col)).join(" "); }

function applyLanguage() {
  document.documentElement.lang = lang;
  $("lang").textContent = lang === "fr" ? "EN" : "FR";
  document.querySelectorAll("[data-i18n]").forEach((node) => { node.textContent = t(node.dataset.i18n); });
  document.querySelectorAll("[data-i18n-placeholder]").forEach((node) => { node.placeholder = t(node.dataset.i18nPlaceholder); });
  document.querySelectorAll("[data-i18n-label]").forEach((node) => { node.setAttribute("aria-label", t(node.dataset.i18nLabel)); });
  if (passWarned) $("pass").textContent = t("passAnyway");
  fillLevels();
  if (shown.note) showNote(shown.note);
  renderRecent();
  if (solution) renderWords();
  if (current) renderGame();
  if (shown.verdict) renderVerdict($("verdict"), shown.verdict);
  if (shown.disputeVerdict) renderVerdict($("dispute-verdict"), shown.disputeVerdict);
  if (shown.dict) renderLookup(shown.dict);
  if (shown.error) showError(shown.error);
  if (shown.help) shown.help();
}

// ----- the board text: the same reading as the server's, with errors instead of silent cuts ----------

// Faces of a typed or pasted board: letters, [ZX], [QU], a lone Q (or QU) for the Qu face; spaces and
// '/' are ignored, accents dropped. Returns {faces, problem}: a problem is a message key and its
// arguments, and any problem leaves the board unread, so a stray character never shifts the letters.
function parseBoard(text) {
  const plain = text.toUpperCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  const faces = [];
  const where = () => [Math.floor(faces.length / SIZE) + 1, (faces.length % SIZE) + 1];
  for (let index = 0; index < plain.length; index++) {
    const char = plain[index];
    if (/\s/.test(char) || char === "/") continue;
    if (char === "[") {
      const end = plain.indexOf("]", index);
      const face = end < 0 ? "" : plain.slice(index + 1, end).trim();
      if (face !== "ZX" && face !== "QU") return { faces, problem: ["badBracket", ...where()] };
      faces.push(face);
      index = end;
    } else if (char === "Q") {
      faces.push("QU");
      if (plain[index + 1] === "U") index++;
    } else if (LETTERS.includes(char)) {
      faces.push(char);
    } else {
      return { faces, problem: ["badChar", text.normalize("NFC")[index] || char, ...where()] };
    }
  }
  if (faces.length > SIZE * SIZE) return { faces, problem: ["tooMany", faces.length] };
  return { faces, problem: null };
}

// ----- the grid ----------------------------------------------------------------------------------

function cells() { return Array.from(document.querySelectorAll("#grid .cell")); }
function inputs() { return cells().map((cell) => cell.querySelector("input")); }

function buildGrid() {
  const grid = $("grid");
  for (let row = 0; row < SIZE; row++) {
    const line = document.createElement("div");
    line.setAttribute("role", "row");
    line.className = "grid-row";
    for (let col = 0; col < SIZE; col++) {
      const index = row * SIZE + col;
      const cell = document.createElement("div");
      cell.className = "cell" + ((Math.floor(row / 2) + Math.floor(col / 2)) % 2 ? " tile-alt" : "");
      cell.setAttribute("role", "gridcell");
      cell.dataset.row = row; cell.dataset.col = col; cell.dataset.name = cellName(row, col);
      const input = document.createElement("input");
      input.autocomplete = "off"; input.spellcheck = false;
      input.setAttribute("autocapitalize", "characters");
      input.setAttribute("aria-label", cellName(row, col));
      input.addEventListener("input", () => onCellInput(index, input));
      input.addEventListener("keydown", (event) => onCellKey(index, event));
      input.addEventListener("click", () => { if (current) tapCell(index); });
      const step = document.createElement("span");
      step.className = "step";
      cell.append(input, step);
      line.append(cell);
    }
    grid.append(line);
  }
  for (let col = 0; col < SIZE; col++) { const label = document.createElement("span"); label.textContent = LETTERS[col]; $("col-labels").append(label); }
  for (let row = 0; row < SIZE; row++) { const label = document.createElement("span"); label.textContent = row + 1; $("row-labels").append(label); }
}

// A cell takes what was typed or pasted into it and passes the rest on to the next cells, so
// "QEZAB" fills Qu, E, Z, A, B. A lone Z or Q waits: the next letter may make it ZX or QU.
function onCellInput(index, input) {
  const typed = input.value.toUpperCase().normalize("NFD").replace(/[^A-Z]/g, "");
  boardChanged();
  if (!typed) { input.value = ""; return; }
  if (typed === "Z" || typed === "Q") { input.value = typed; return; }
  const faces = parseBoard(typed.replace(/^ZX/, "[ZX]")).faces;
  const all = inputs();
  faces.forEach((face, offset) => { if (index + offset < all.length) all[index + offset].value = face; });
  focusCell(index + faces.length);
}

function onCellKey(index, event) {
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -SIZE, ArrowDown: SIZE };
  if (event.key in moves) { focusCell(index + moves[event.key]); event.preventDefault(); }
  else if (event.key === "Backspace" && !event.target.value) { focusCell(index - 1); }
  else if (event.key === "Enter" && !current) { solve(); }
}

function focusCell(index) {
  if (index >= 0 && index < SIZE * SIZE) inputs()[index].select();
}

function faces() { return inputs().map((input) => (input.value.toUpperCase() === "Q" ? "QU" : input.value.toUpperCase())); }

function setFaces(list) {
  inputs().forEach((input, index) => { input.value = list[index] || ""; });
  clearPath();
}

function boardText() {
  const rows = [];
  const list = faces().map((face) => (face.length > 1 ? `[${face}]` : face));
  for (let row = 0; row < SIZE; row++) rows.push(list.slice(row * SIZE, row * SIZE + SIZE).join(""));
  return rows.join(" / ");
}

// Any edit of the board makes the word list and verdicts stale: drop them rather than show paths of another board.
function boardChanged() {
  clearPath();
  solution = null;
  shown.disputeVerdict = null;
  $("results").innerHTML = ""; $("summary").textContent = "";
  $("dispute-verdict").hidden = true; $("word-info").hidden = true;
  document.body.classList.remove("solved");
}

function completeBoard() {
  const empty = faces().filter((face) => !face).length;
  if (empty) { showError(["incomplete", empty]); return false; }
  return true;
}

// ----- paths and rings on the grid ------------------------------------------------------------------

function clearPath() {
  cells().forEach((cell) => {
    cell.classList.remove("on-path", "path-start");
    cell.querySelector(".step").textContent = "";
  });
  $("trace").replaceChildren();
  document.querySelectorAll(".selected").forEach((node) => node.classList.remove("selected"));
}

function svgNode(name, attributes) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", name);
  Object.entries(attributes).forEach(([key, value]) => node.setAttribute(key, value));
  return node;
}

// The path as step numbers in the cells' corners, and lines that join the cells' edges rather than
// their centres, so they never run over a letter; the start is a ring around its cell.
function showPath(path) {
  clearPath();
  if (!path || !path.length) return;
  const all = cells();
  const steps = new Map();
  path.forEach(([row, col], step) => {
    const cell = all[row * SIZE + col];
    cell.classList.add("on-path");
    if (step === 0) cell.classList.add("path-start");
    steps.set(cell, [...(steps.get(cell) || []), step + 1]);
  });
  steps.forEach((numbers, cell) => { cell.querySelector(".step").textContent = numbers.join(","); });
  const [row0, col0] = path[0];
  $("trace").append(
    svgNode("path", { d: edgeSegments(path) }),
    svgNode("circle", { cx: col0 + 0.5, cy: row0 + 0.5, r: 0.44 }),
  );
}

// One segment per step between two different cells, cut back by LETTER_CLEARANCE at both ends.
const LETTER_CLEARANCE = 0.3;
function edgeSegments(path) {
  const parts = [];
  for (let step = 1; step < path.length; step++) {
    const [row1, col1] = path[step - 1], [row2, col2] = path[step];
    const length = Math.hypot(row2 - row1, col2 - col1);
    if (!length) continue;
    const [dx, dy] = [((col2 - col1) / length) * LETTER_CLEARANCE, ((row2 - row1) / length) * LETTER_CLEARANCE];
    const [x1, y1, x2, y2] = [col1 + 0.5 + dx, row1 + 0.5 + dy, col2 + 0.5 - dx, row2 + 0.5 - dy].map((n) => n.toFixed(3));
    parts.push(`M${x1} ${y1}L${x2} ${y2}`);
  }
  return parts.join("");
}

function showRings(rings) {
  cells().forEach((cell, index) => {
    cell.classList.toggle("ring-green", rings[index] === "green");
    cell.classList.toggle("ring-silver", rings[index] === "silver");
    const label = cellName(+cell.dataset.row, +cell.dataset.col);
    const ring = rings[index] ? `, ${TEXT[lang].colour[rings[index]]}` : "";
    cell.querySelector("input").setAttribute("aria-label", `${label} ${cell.querySelector("input").value}${ring}`);
  });
}

// ----- talking to the server -----------------------------------------------------------------------

class ApiProblem extends Error {
  constructor(status, body, offline = false) {
    super(`HTTP ${status}`);
    this.status = status; this.detail = (body && body.detail) || {}; this.offline = offline;
  }
}

async function api(path, options) {
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    setOffline(true);
    throw new ApiProblem(0, null, true);
  }
  setOffline(false);
  const body = await response.json().catch(() => null);
  if (!response.ok || body === null) throw new ApiProblem(response.status, body);
  return body;
}

function postJson(path, data) {
  return api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data) });
}

function setOffline(offline) {
  $("offline").textContent = offline ? t("network") : "";
  $("offline").hidden = !offline;
}

// An error as a message key and its arguments, rendered in the page's language (never the server's English).
function problemOf(error) {
  if (!(error instanceof ApiProblem)) return ["status", "other"];
  if (error.offline) return ["network"];
  if (error.detail.reason && TEXT.fr.codes[error.detail.reason]) return ["codes", error.detail.reason];
  if (error.detail.field && TEXT.fr.fields[error.detail.field]) return ["fields", error.detail.field];
  return ["status", error.status];
}

function messageOf(problem) {
  const [key, ...args] = problem;
  if (key === "fields" || key === "codes") return TEXT[lang][key][args[0]];
  if (key === "status") return TEXT[lang].status[args[0]] || TEXT[lang].status.other(args[0]);
  return t(key, ...args);
}

function showError(problem) {
  shown.error = problem;
  $("error").textContent = problem ? messageOf(problem) : "";
  $("error").hidden = !problem;
}

// ----- the game held on this phone ---------------------------------------------------------------------
// Everything that keeps, replaces or archives the game goes through these few functions, so a game held
// by the server can later take the local one's place: `current` is the last answer of /api/game/* with
// `table` added ({opponent, past}), kept in local storage; replaced games go to a bounded recent list.

function saveGame() {
  if (current && current.shared) return;  // a shared table lives on the server; this phone's own game stays saved
  if (current) localStorage.setItem(STORE_GAME, JSON.stringify(current)); else localStorage.removeItem(STORE_GAME);
}

// A stored state the page can show (local storage may hold anything: an old version, an edit by hand);
// the server checks the game itself on the next request.
function validState(saved) {
  const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  if (!isObject(saved) || !isObject(saved.game) || !isObject(saved.result) || !Array.isArray(saved.faces)) return null;
  const game = saved.game;
  if (!Array.isArray(game.moves) || !Array.isArray(game.rings) || !Array.isArray(game.layers) || !isObject(game.fixed)) return null;
  const flat = saved.faces.flat();
  if (flat.length !== SIZE * SIZE || !flat.every((face) => typeof face === "string")) return null;
  return saved;
}

function loadSaved() {
  try {
    return validState(JSON.parse(localStorage.getItem(STORE_GAME) || "null"));
  } catch (error) {
    return null;
  }
}

// The table around a game: the computer opponent (or none) and the scores of the layers before this one.
function tableOf(state) {
  const table = (state && state.table) || {};
  const opponent = table.opponent && ["green", "silver"].includes(table.opponent.side) && Number.isInteger(table.opponent.level)
    ? { side: table.opponent.side, level: table.opponent.level } : null;
  const past = Array.isArray(table.past)
    ? table.past.filter((layer) => layer && Number.isInteger(layer.green) && Number.isInteger(layer.silver)) : [];
  return { opponent, past };
}

// A game worth keeping: one with a move, or the later layer of a game (its total).
function worthKeeping(state) { return state && (state.game.moves.length > 0 || tableOf(state).past.length > 0); }
// A game one would regret losing without being asked: moves played and not over.
function inProgress(state) { return state && state.game.moves.length > 0 && !state.result.over; }

function recentGames() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_RECENT) || "[]");
    return Array.isArray(list) ? list.filter(validState).slice(0, MAX_RECENT) : [];
  } catch (error) {
    return [];
  }
}

// Keeps a game that is being replaced at the head of the recent list (once, at most MAX_RECENT games).
function archive(state) {
  if (!worthKeeping(state)) return;
  const same = JSON.stringify(state.game);
  const list = recentGames().filter((item) => JSON.stringify(item.game) !== same);
  list.unshift({ ...state, archived: Date.now() });
  // A full storage drops the oldest games rather than failing the action that replaced this one.
  for (let keep = MAX_RECENT; keep > 0; keep--) {
    try {
      localStorage.setItem(STORE_RECENT, JSON.stringify(list.slice(0, keep)));
      break;
    } catch (error) {
      if (keep === 1) localStorage.removeItem(STORE_RECENT);
    }
  }
  renderRecent();
}

function gameName(state) {
  const game = state.game;
  const name = game.seed !== null && game.seed !== undefined ? t("dealName", game.seed, game.layer) : t("typedName");
  const opponent = tableOf(state).opponent;
  return name + (opponent ? t("vsComputer", opponent.level) : "");
}

function joinedTables() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_JOINED) || "[]");
    return Array.isArray(list) ? list.filter((item) => item && typeof item.id === "string" && typeof item.names === "string").slice(0, MAX_TABLES) : [];
  } catch (error) {
    return [];
  }
}

// A shared table opened here stays reachable from the recent list (its link is all it takes).
function rememberJoined(shared) {
  const names = shared.seats.map((seat) => seat.name).join(" – ");
  const role = shared.you === null ? null : shared.you;
  const list = joinedTables().filter((item) => !(item.id === shared.id && item.seat === shared.seat));
  list.unshift({ id: shared.id, seat: shared.seat, names, role, at: Date.now() });
  try { localStorage.setItem(STORE_JOINED, JSON.stringify(list.slice(0, MAX_TABLES))); } catch (error) { /* a full storage keeps the older list */ }
}

function renderRecent() {
  const list = $("recent");
  const games = recentGames();
  const tables = joinedTables();
  $("recent-games").hidden = !games.length && !tables.length;
  const tableItems = tables.map((item) => {
    const entry = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button"; button.className = "played-move recent-game recent-table";
    const when = new Date(item.at || 0).toLocaleString(lang === "fr" ? "fr-FR" : "en-GB", { dateStyle: "short", timeStyle: "short" });
    const role = Number.isInteger(item.role) ? item.names.split(" – ")[item.role] || "" : t("recentWatch");
    button.textContent = t("recentTable", item.names, role, when);
    button.disabled = busy;
    button.addEventListener("click", () => whileBusy(async () => {
      try { await openTable(item.id, item.seat); } catch (error) { showError(problemOf(error)); }
    }));
    entry.append(button);
    return entry;
  });
  list.replaceChildren(...tableItems, ...games.map((state, index) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button"; button.className = "played-move recent-game";
    const when = new Date(state.archived || 0).toLocaleString(lang === "fr" ? "fr-FR" : "en-GB", { dateStyle: "short", timeStyle: "short" });
    button.textContent = t("recentItem", gameName(state), state.game.moves.length, state.result.green, state.result.silver, when);
    button.disabled = busy;
    button.addEventListener("click", () => reopenRecent(index));
    item.append(button);
    return item;
  }));
}

// A recent game becomes the game again; the one it replaces takes its place in the list.
function reopenRecent(index) {
  if (busy) return;
  const games = recentGames();
  const chosen = games[index];
  if (!chosen) return;
  games.splice(index, 1);
  localStorage.setItem(STORE_RECENT, JSON.stringify(games));
  if (!(current && current.shared)) archive(loadSaved());
  closeLive();
  clearMessages();
  setGame(chosen, tableOf(chosen));
  computerReplies();
}

// The link that opens the same board on another phone: the seed (and layer) of a deal, or the board itself.
function shareUrl(game) {
  const params = new URLSearchParams();
  if (game.seed !== null && game.seed !== undefined) {
    params.set("seed", game.seed);
    if (game.layer) params.set("layer", game.layer);
  } else {
    params.set("board", game.layers[0].replace(/ /g, ""));
  }
  params.set("mode", game.mode);
  return `${location.origin}${location.pathname}?${params}`;
}

function drawQr(url) {
  $("qr").replaceChildren(...qrBox(url).childNodes);
}

// A QR code of `url` as an SVG in a box (empty when the encoder did not load).
function qrBox(url) {
  const box = document.createElement("div");
  box.className = "qr-box";
  if (typeof window.QRCode !== "function") return box;
  const code = new window.QRCode(-1, window.QRErrorCorrectLevel.M);
  code.addData(url);
  code.make();
  const count = code.getModuleCount();
  const svg = svgNode("svg", { viewBox: `-4 -4 ${count + 8} ${count + 8}`, class: "qr", "shape-rendering": "crispEdges" });
  svg.append(svgNode("rect", { x: -4, y: -4, width: count + 8, height: count + 8, fill: "#fff" }));
  let d = "";
  for (let row = 0; row < count; row++) for (let col = 0; col < count; col++) if (code.isDark(row, col)) d += `M${col},${row}h1v1h-1z`;
  svg.append(svgNode("path", { d, fill: "#000" }));
  box.append(svg);
  return box;
}

// The one place the game changes: an answer of the server (or a saved or recent game) with its table.
function setGame(state, table = tableOf(current)) {
  if (state.sharedTable) { table = state.sharedTable; delete state.sharedTable; }
  // A shared table only moves forward: the answer to this phone's move may arrive after the stream already
  // brought a later state (the computer's reply, say); the older one must not take the newer one's place.
  if (state.shared && current && current.shared && state.shared.id === current.shared.id && state.shared.version < current.shared.version) {
    renderGame();
    return;
  }
  current = { ...state, table };
  tapped = [];
  passWarned = false;
  viewing = null;
  saveGame();
  fillLevels();  // the levels this server's computer offers come with each answer
  renderGame();
}

// ----- requests in flight: one at a time, the racing buttons disabled, a busy mark shown ---------------

const RACING = ["play", "pass", "undo", "back", "hint", "all-legal", "computer", "next-layer", "new-game",
  "deal", "start-board", "resume", "step-back", "step-forward", "step-live"];

// Runs one user action's requests with the page busy; a second action while one runs is ignored.
async function whileBusy(work) {
  if (busy) return undefined;
  setBusy(true);
  try {
    return await work();
  } finally {
    setBusy(false);
  }
}

function setBusy(on) {
  busy = on;
  $("busy").hidden = !on;
  ["board-view", "game-section", "start-section"].forEach((id) => $(id).setAttribute("aria-busy", on ? "true" : "false"));
  refreshButtons();
}

function refreshButtons() {
  const over = !current || current.result.over;
  const moves = current ? current.game.moves.length : 0;
  RACING.forEach((id) => { $(id).disabled = busy; });
  ["play", "pass", "back", "hint", "all-legal", "computer"].forEach((id) => { if (over) $(id).disabled = true; });
  if (current && current.shared && !myTurn()) ["play", "pass", "back"].forEach((id) => { $(id).disabled = true; });
  if (current && current.shared && current.shared.you === null) $("next-layer").disabled = true;
  if (!moves) $("undo").disabled = true;
  if (viewing === null || viewing <= 0) $("step-back").disabled = true;
  if (viewing === null || viewing >= moves) $("step-forward").disabled = true;
  document.querySelectorAll(".recent-game").forEach((button) => { button.disabled = busy; });
}

// ----- showing the game ----------------------------------------------------------------------------------

function opponentSide() { const opponent = tableOf(current).opponent; return opponent ? opponent.side : null; }

function renderGame() {
  const game = current.game;
  document.body.classList.add("in-game");
  document.body.classList.remove("solved");
  $("game-section").hidden = false; $("start-section").hidden = true; $("results-section").hidden = !$("results").childElementCount;
  $("status").hidden = false; $("legend").hidden = false;
  setFaces(current.faces.flat());
  inputs().forEach((input) => { input.readOnly = true; });
  const result = current.result;
  $("score").textContent = t("score", result.green, result.silver);
  const shared = current.shared;
  $("turn").textContent = result.over ? "" : shared && shared.to_move_seat !== null ? t("turnOf", seatName(shared, shared.to_move_seat)) : t("toMove", result.to_move);
  $("turn").className = `turn-${result.to_move}`;
  const over = $("game-over");
  over.hidden = !result.over;
  if (result.over) {
    over.textContent = result.winner
      ? t("winner", TEXT[lang].colour[result.winner], Math.max(result.green, result.silver), Math.min(result.green, result.silver))
      : t("tie", result.green);
  }
  renderTotal();
  $("computer-help").hidden = Boolean(opponentSide() || shared);  // against the computer, or at a shared table, not a help
  $("undo").hidden = Boolean(shared);  // a shared table's moves are final (the server holds them)
  $("next-layer").hidden = !current.has_next_layer;
  $("pass").textContent = passWarned ? t("passAnyway") : t("pass");
  renderPlayed(game);
  const readings = Object.entries(game.fixed);
  $("readings").hidden = !readings.length;
  $("readings").textContent = `${t("readings")} ${readings.map(([face, value]) => t("reading", face, value)).join(", ")}`;
  const url = shared ? tableLink(shared.id, shared.seat) : shareUrl(game);
  if (location.href !== url) history.replaceState(null, "", url);
  if (!shared) { $("share-link").href = url; $("share-link").textContent = url; drawQr(url); }
  renderTable();
  showPosition();
  refreshButtons();
  renderReview();
}

// The total over the layers played so far: the finished (or left) layers' scores kept, plus this one's.
function renderTotal() {
  const past = tableOf(current).past;
  const box = $("total");
  box.hidden = !past.length;
  if (!past.length) return;
  const green = past.reduce((sum, layer) => sum + layer.green, current.result.green);
  const silver = past.reduce((sum, layer) => sum + layer.silver, current.result.silver);
  const layers = [...past, { green: current.result.green, silver: current.result.silver }];
  box.textContent = `${t("total", green, silver, layers.length)} (${layers.map((layer, n) => t("layerScore", n + 1, layer.green, layer.silver)).join(", ")})`;
}

// The rings after the first `count` moves of the layer, replayed here: a word rings every cell of its path in
// the mover's colour (new cells and flipped ones alike), a pass gives the opponent a ring on its cell.
function ringsAfter(moves, count) {
  const rings = Array(current.faces.flat().length).fill(null);
  moves.slice(0, count).forEach((move) => {
    if (move.kind === "word") move.path.forEach(([row, col]) => { rings[row * SIZE + col] = move.player; });
    else rings[move.cell[0] * SIZE + move.cell[1]] = move.player === "green" ? "silver" : "green";
  });
  return rings;
}

// The board as it is now, or as it was after move `viewing` while stepping through the move list.
function showPosition() {
  const moves = current.game.moves;
  const nav = $("history-nav");
  document.body.classList.toggle("viewing", viewing !== null);
  nav.hidden = viewing === null;
  if (viewing === null) {
    showRings(current.game.rings);
    clearPath();
    if (tapped.length) showPath(tapped.map((cell) => [Math.floor(cell / SIZE), cell % SIZE]));
    return;
  }
  showRings(ringsAfter(moves, viewing));
  const move = moves[viewing - 1];
  if (move) showPath(move.kind === "word" ? move.path : [move.cell]); else clearPath();
  $("step-label").textContent = viewing ? t("stepLabel", viewing, moves.length) : t("stepStart", moves.length);
  document.querySelectorAll("#played .played-move").forEach((button, index) => button.classList.toggle("selected", index === viewing - 1));
}

function stepTo(count) {
  viewing = count === null ? null : Math.max(0, Math.min(current.game.moves.length, count));
  tapped = []; $("move-word").value = "";
  showPosition();
  refreshButtons();
}

function renderPlayed(game) {
  const list = $("played");
  list.replaceChildren();
  const computer = opponentSide();
  game.moves.forEach((move, index) => {
    const item = document.createElement("li");
    const colour = TEXT[lang].colour[move.player];
    const button = document.createElement("button");
    button.type = "button";
    const byComputer = move.player === computer;
    button.className = `played-move ${move.player}${byComputer ? " computer" : ""}`;
    const cell = move.kind === "pass" ? cellName(...move.cell) : "";
    button.textContent = byComputer
      ? (move.kind === "word" ? t("computerMove", colour, move.word) : t("computerPass", colour, cell))
      : (move.kind === "word" ? t("played", colour, move.word) : t("passed", colour, cell));
    button.dataset.word = move.word || "";
    button.addEventListener("click", () => stepTo(index + 1));
    item.append(button);
    list.append(item);
  });
}

function clearMessages() {
  shown.verdict = null; $("verdict").hidden = true;
  showNote(null);
  showError(null);
  $("help-output").replaceChildren(); shown.help = null;
}

function showNote(note) {
  shown.note = note;
  $("note").hidden = !note;
  $("note").textContent = note ? note() : "";
}

// The post-game review, asked once per finished game and shown under the moves.
function renderReview() {
  const box = $("review");
  if (!current.result.over) { box.hidden = true; return; }
  const key = JSON.stringify(current.game.moves) + current.game.layers.join("|");
  if (!reviewed || reviewed.key !== key) {
    box.hidden = true;
    reviewed = { key, answer: null };
    postJson("/api/review", { game: current.game })
      .then((answer) => { if (reviewed && reviewed.key === key) { reviewed.answer = answer; renderReview(); } })
      .catch(() => { if (reviewed && reviewed.key === key) reviewed = null; });
    return;
  }
  if (!reviewed.answer) return;
  const answer = reviewed.answer;
  const body = $("review-body");
  body.replaceChildren();
  ["green", "silver"].forEach((side) => {
    if (!answer.players[side]) return;
    const line = document.createElement("p");
    line.className = `review-player ${side}`;
    line.textContent = t("reviewPlayer", TEXT[lang].colour[side], answer.players[side]);
    body.append(line);
  });
  const list = document.createElement("ol");
  list.className = "review-moves";
  answer.moves.forEach((item) => {
    const line = document.createElement("li");
    line.textContent = t("reviewMove", item.number, TEXT[lang].colour[item.player], rankedText(item.played), rankedText(item.best), item.missed);
    list.append(line);
  });
  body.append(list);
  box.hidden = false;
}

function rankedText(move) {
  const swing = `${move.swing > 0 ? "+" : ""}${move.swing}`;
  return move.kind === "word" ? `${move.word} (${swing})` : `${t("passWord")} ${cellName(...move.cell)} (${swing})`;
}

function gameRequest(action, extra = {}) {
  if (current.shared && ["play", "pass", "next-layer"].includes(action)) return tableMove(action, extra);
  return postJson(`/api/game/${action}`, { game: current.game, ...extra });
}

// ----- the shared table: the game held by the server, this phone one seat (or watching) ------------------

// An answer of /api/tables as the page's state: the game's fields, the page's table (no computer opponent here:
// a computer seat plays on the server; the earlier layers' scores) and `shared`, the seat and the table.
function fromShared(answer, seat) {
  const table = answer.table;
  const past = table.layers.map((layer, index) => ({ layer: index, green: layer.green, silver: layer.silver }));
  const state = { game: answer.game, faces: answer.faces, result: answer.result, has_next_layer: answer.has_next_layer, levels: answer.levels };
  return { state, table: { opponent: null, past }, shared: { ...table, seat } };
}

function setShared(answer, seat = current && current.shared ? current.shared.seat : null) {
  const { state, table, shared } = fromShared(answer, seat);
  setGame({ ...state, shared }, table);
}

async function tableMove(action, extra) {
  const shared = current.shared;
  const kinds = { play: "word", pass: "pass", "next-layer": "next-layer" };
  const answer = await postJson(`/api/tables/${encodeURIComponent(shared.id)}/moves`,
    { seat: movingToken(shared), version: shared.version, action: { kind: kinds[action], ...extra } });
  const { state, shared: after } = fromShared(answer, shared.seat);
  return { ...state, verdict: answer.verdict, shared: after, sharedTable: fromShared(answer, shared.seat).table };
}

function tableLink(id, token) {
  return `${location.origin}/?table=${encodeURIComponent(id)}${token ? `&seat=${encodeURIComponent(token)}` : ""}`;
}

function createdTables() {
  try {
    const map = JSON.parse(localStorage.getItem(STORE_TABLES) || "{}");
    return map && typeof map === "object" && !Array.isArray(map) ? map : {};
  } catch (error) {
    return {};
  }
}

function rememberTable(id, entry) {
  const map = createdTables();
  map[id] = { ...entry, at: Date.now() };
  const ids = Object.keys(map).sort((a, b) => (map[b].at || 0) - (map[a].at || 0)).slice(0, MAX_TABLES);
  localStorage.setItem(STORE_TABLES, JSON.stringify(Object.fromEntries(ids.map((key) => [key, map[key]]))));
}

// Opens a shared table by its link: the state now, then every move live.
async function openTable(id, seat) {
  closeLive();
  const query = seat ? `?seat=${encodeURIComponent(seat)}` : "";
  const answer = await api(`/api/tables/${encodeURIComponent(id)}${query}`);
  clearMessages();
  const { state, table, shared } = fromShared(answer, seat);
  setGame({ ...state, shared }, table);
  rememberJoined(current.shared);
  followLive();
}

function closeLive() {
  if (live) live.close();
  live = null;
  $("table-live").hidden = true;
}

// The table's event stream: each committed move arrives as a `state` event; the browser reconnects by itself
// (with the last event's id), and a stream the server refused is opened again after a pause.
function followLive() {
  closeLive();
  if (!current || !current.shared) return;
  const shared = current.shared;
  const query = shared.seat ? `?seat=${encodeURIComponent(shared.seat)}` : "";
  const stream = new EventSource(`/api/tables/${encodeURIComponent(shared.id)}/events${query}`);
  live = stream;
  stream.addEventListener("state", (event) => {
    $("table-live").hidden = true;
    let answer;
    try { answer = JSON.parse(event.data); } catch (error) { return; }
    if (!current || !current.shared || current.shared.id !== answer.table.id) return;
    const newer = answer.table.version > current.shared.version || answer.game.layer !== current.game.layer
      || JSON.stringify(answer.table.layers) !== JSON.stringify(current.shared.layers);
    if (newer) setShared(answer);
  });
  stream.addEventListener("open", () => { $("table-live").hidden = true; });
  stream.addEventListener("error", () => {
    if (live !== stream) return;
    $("table-live").textContent = t("liveLost");
    $("table-live").hidden = false;
    if (stream.readyState === EventSource.CLOSED) setTimeout(() => { if (live === stream) followLive(); }, 3000);
  });
}

// The seats this phone holds: every seat's token when the table was opened with all its seats here, else its own.
function heldTokens(shared) {
  const created = createdTables()[shared.id];
  return created && created.here && Array.isArray(created.tokens) ? created.tokens : null;
}

function movingToken(shared) {
  const all = heldTokens(shared);
  return all && shared.to_move_seat !== null && all[shared.to_move_seat] ? all[shared.to_move_seat] : shared.seat;
}

function myTurn() {
  const shared = current && current.shared;
  if (!shared) return true;
  if (shared.to_move_seat === null) return false;
  const all = heldTokens(shared);
  if (all) return Boolean(all[shared.to_move_seat]);
  return shared.you !== null && shared.you === shared.to_move_seat;
}

function seatName(shared, index) {
  const seat = shared.seats[index];
  return seat ? seat.name : "";
}

// Who this phone is, and for the table's creator every seat's link (with a QR code) to hand out.
function renderTable() {
  const shared = current.shared;
  $("table-box").hidden = !shared;
  $("table-links").hidden = !shared;
  $("share").hidden = Boolean(shared);
  if (!shared) return;
  const you = shared.you;
  const computers = shared.seats.filter((seat) => seat.computer !== null).map((seat) => t("computerSeat", seat.name));
  $("table-seat").textContent = [heldTokens(shared) ? t("allSeatsHere") : you === null ? t("watching")
    : t("seatYou", seatName(shared, you), TEXT[lang].colour[shared.seats[you].colour]), ...computers].join(" ");
  const created = createdTables()[shared.id];
  const list = $("seat-links");
  const items = [];
  shared.seats.forEach((seat, index) => {
    const token = created && created.tokens ? created.tokens[index] : null;
    if (!token) return;
    const item = document.createElement("li");
    const title = document.createElement("div");
    title.textContent = t("seatLink", seat.name, TEXT[lang].colour[seat.colour]) + (index === you ? ` — ${t("yourSeat")}` : "");
    const link = document.createElement("a");
    link.href = tableLink(shared.id, token); link.textContent = link.href; link.className = "seat-link";
    item.append(title, link);
    if (index !== you) {
      item.append(qrBox(link.href));
      const again = document.createElement("button");
      again.type = "button"; again.textContent = t("newLink"); again.className = "hand-over";
      again.addEventListener("click", () => handOver(index));
      item.append(again);
    }
    items.push(item);
  });
  const watch = document.createElement("li");
  const title = document.createElement("div");
  title.textContent = t("watchLink");
  const link = document.createElement("a");
  link.href = tableLink(shared.id, null); link.textContent = link.href; link.className = "watch-link";
  watch.append(title, link, qrBox(link.href));
  items.push(watch);
  list.replaceChildren(...items);
}

// A seat given to another phone (a lost or flat one): a new link, the old one refused from now on.
function handOver(index) {
  return whileBusy(async () => {
    const shared = current.shared;
    const created = createdTables()[shared.id];
    if (!created) return;
    try {
      const answer = await postJson(`/api/tables/${encodeURIComponent(shared.id)}/hand-over`, { creator: created.creator, seat: index });
      const tokens = [...created.tokens];
      tokens[index] = answer.token;
      rememberTable(shared.id, { ...created, tokens });
      showNote(() => t("newLinkDone", seatName(shared, index)));
      renderTable();
    } catch (error) {
      showError(problemOf(error));
    }
  });
}

// A new shared table: this phone takes the first seat (Green) and keeps the others' links to hand out.
async function startTable(data) {
  const silver = $("silver-computer").checked ? { computer: Number($("start-level").value) } : { name: $("name-silver").value.trim() || undefined };
  const seats = [{ name: $("name-green").value.trim() || undefined }, silver];
  const answer = await postJson("/api/tables", { mode: $("mode").value, ending: $("ending").value, family: $("family").checked, seats, ...data });
  rememberTable(answer.table.id, { creator: answer.creator, tokens: answer.tokens, here: $("all-here").checked });
  archive(loadSaved());
  shown = {};
  await openTable(answer.table.id, answer.tokens[0]);
}

// ----- entering a move ------------------------------------------------------------------------------

// A double face's reading: as the game fixed it, else every reading the rules allow (U or QU, Z or X).
const READINGS = { QU: ["QU", "U"], ZX: ["Z", "X"] };
function faceReadings(face) {
  if (face.length < 2) return [face];
  const fixed = current.game.fixed[face];
  return fixed ? [fixed] : READINGS[face] || [face];
}

// Every spelling of the tapped cells (one per reading of their unfixed double faces; a face reads alike throughout).
function tappedSpellings() {
  const all = current.faces.flat();
  const doubles = [...new Set(tapped.map((cell) => all[cell]).filter((face) => face.length > 1))];
  let choices = [{}];
  doubles.forEach((face) => { choices = choices.flatMap((choice) => faceReadings(face).map((reading) => ({ ...choice, [face]: reading }))); });
  return choices.map((choice) => tapped.map((cell) => choice[all[cell]] || all[cell]).join(""));
}

// The letters of the tapped cells, double faces read as the game fixed them, else QU and Z (edit the box for U or X;
// Jouer also tries the other readings against the lexicon).
function tappedWord() { return tappedSpellings()[0] || ""; }

// The spelling to play for tapped cells: the first of their readings that is a word of the game's lexicon.
async function spellingToPlay(word) {
  const spellings = tappedSpellings();
  if (!tapped.length || spellings.length < 2 || word !== spellings[0]) return word;
  const lexicon = encodeURIComponent(current.game.lexicon);
  for (const spelling of spellings) {
    const answer = await api(`/api/words/${encodeURIComponent(spelling)}?lexicon=${lexicon}`);
    if (answer.valid) return spelling;
  }
  return word;
}

function tapCell(index) {
  if (current.result.over || busy) return;
  if (viewing !== null) stepTo(null);
  tapped.push(index);
  passWarned = false; $("pass").textContent = t("pass");
  $("move-word").value = tappedWord();
  showPath(tapped.map((cell) => [Math.floor(cell / SIZE), cell % SIZE]));
}

function takeBack() {
  tapped.pop();
  $("move-word").value = tappedWord();
  showPath(tapped.map((cell) => [Math.floor(cell / SIZE), cell % SIZE]));
}

// One game request; the answer becomes the game. The answer, or null (and the game untouched) when it failed.
async function gameStep(action, extra, after) {
  showError(null);
  try {
    const answer = await gameRequest(action, extra);
    // A word's verdict always shows; a pass only when refused (the list of moves already says who passed where).
    if (answer.verdict && (action === "play" || !answer.verdict.legal)) showVerdict(answer.verdict);
    else { shown.verdict = null; $("verdict").hidden = true; }
    setGame(answer);
    if (answer.verdict && answer.verdict.path) showPath(answer.verdict.path);
    if (after) after(answer);
    return answer;
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 409 && error.detail.state && current && current.shared) setShared(error.detail.state);
    showError(problemOf(error));
    return null;
  }
}

function showVerdict(verdict) {
  shown.verdict = verdict;
  renderVerdict($("verdict"), verdict);
}

function computerToMove() {
  const opponent = tableOf(current).opponent;
  return Boolean(opponent && !current.result.over && current.result.to_move === opponent.side);
}

// Against the computer, it replies by itself whenever its side is to move (never for the player's side).
async function computerReplies() {
  const opponent = tableOf(current).opponent;
  if (!opponent || current.result.over || current.result.to_move !== opponent.side) return;
  const playersVerdict = shown.verdict;  // the verdict on the player's word stays in view next to the computer's reply
  await gameStep("computer", { level: opponent.level }, (answer) => {
    if (playersVerdict) showVerdict(playersVerdict);
    const move = answer.move;
    showNote(() => (move.kind === "word" ? t("computerPlayed", move.word, move.swing) : t("computerPassed", cellName(...move.cell))));
    showPath(move.kind === "word" ? move.path : [move.cell]);
  });
}

function playMove(event) {
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
    $("move-word").value = word;
    const path = tapped.length ? tapped.map((cell) => [Math.floor(cell / SIZE), cell % SIZE]) : undefined;
    const answer = await gameStep("play", { word, path });
    if (!answer) return;
    if (!answer.verdict.legal) { $("move-word").value = word; return; }  // refused: the word stays to be corrected
    $("move-word").value = "";
    await computerReplies();
  });
}

function passTurn() {
  return whileBusy(async () => {
    if (computerToMove()) { await computerReplies(); return; }
    if (tapped.length !== 1) { showError(["passNeedsCell"]); return; }
    const cell = [Math.floor(tapped[0] / SIZE), tapped[0] % SIZE];
    if (!passWarned) {
      try {
        const moves = await gameRequest("moves", { limit: 0 });
        if (moves.count > 0) {
          passWarned = true;
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
function undoMove() {
  return whileBusy(async () => {
    shown.verdict = null; $("verdict").hidden = true; showNote(null);
    const moves = current.game.moves;
    const computer = opponentSide();
    const both = computer && moves.length >= 2 && moves[moves.length - 1].player === computer;
    if (await gameStep("undo", {}) && both) await gameStep("undo", {});
  });
}

function helpOutput(render) {
  shown.help = render;
  render();
}

function hint() {
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

function allLegal() {
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
function computerMove() {
  return whileBusy(() => gameStep("computer", { level: Number($("level").value) }, (answer) => {
    const move = answer.move;
    helpOutput(() => {
      $("help-output").textContent = move.kind === "word" ? t("computerPlayed", move.word, move.swing) : t("computerPassed", cellName(...move.cell));
    });
    showPath(move.kind === "word" ? move.path : [move.cell]);
  }));
}

// The next layer keeps this one's score in the total and this layer in the recent games; asked first if unfinished.
function nextLayer() {
  if (busy) return undefined;
  if (inProgress(current) && !window.confirm(t("confirmNextLayer"))) return undefined;
  return whileBusy(async () => {
    const before = current;
    const table = tableOf(before);
    clearMessages();
    const answer = await gameStep("next-layer", {});
    if (!answer) return;
    if (current.shared) return;  // the server keeps the shared table's earlier layers (and so the total)
    archive(before);
    setGame(answer, { ...table, past: [...table.past, { layer: before.game.layer, green: before.result.green, silver: before.result.silver }] });
    await computerReplies();
  });
}

function fillLevels() {
  const levels = (current && current.levels) || [1, 2, 3, 4, 5];
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

// The start panel's choice: two players on this phone, or the computer as Silver at the chosen level.
function chosenTable() {
  const choice = document.querySelector("input[name=opponent]:checked");
  const opponent = choice && choice.value === "computer" ? { side: "silver", level: Number($("start-level").value) } : null;
  return { opponent, past: [] };
}

// A new game replaces the saved one, which goes to the recent games.
async function startGame(data, table = chosenTable()) {
  showError(null);
  try {
    const choice = document.querySelector("input[name=opponent]:checked");
    if (choice && choice.value === "table" && !data.plain) { await startTable(data); return; }
    delete data.plain;
    const answer = await postJson("/api/game/new", { mode: $("mode").value, ending: $("ending").value, family: $("family").checked, ...data });
    archive(loadSaved());
    shown = {}; clearMessages();
    setGame(answer, table);
    await computerReplies();
  } catch (error) {
    showError(problemOf(error));
  }
}

function dealGame() {
  const seed = $("seed").value.trim();
  if (seed && !/^\d+$/.test(seed)) { showError(["fields", "seed"]); return undefined; }
  return whileBusy(() => startGame(seed ? { seed: Number(seed) } : {}));
}

function startTypedBoard() {
  if (!completeBoard()) return undefined;
  return whileBusy(() => startGame({ board: boardText() }));
}

// Back to the start panel (asked first in a game under way); the game stays saved until another one
// starts (Reprendre brings it back), and then stays in the recent games.
function leaveGame() {
  if (busy) return;
  if (!(current && current.shared) && inProgress(current) && !window.confirm(t("confirmNewGame"))) return;
  closeLive();
  $("table-box").hidden = true; $("table-links").hidden = true; $("share").hidden = false; $("undo").hidden = false;
  current = null;
  viewing = null;
  document.body.classList.remove("in-game", "viewing");
  $("game-section").hidden = true; $("start-section").hidden = false; $("results-section").hidden = false;
  $("status").hidden = true; $("legend").hidden = true; $("resume").hidden = !loadSaved();
  $("history-nav").hidden = true; $("total").hidden = true; $("game-over").hidden = true;
  clearMessages();
  inputs().forEach((input) => { input.readOnly = false; });
  showRings([]);
  clearPath();
  renderRecent();
  refreshButtons();
  history.replaceState(null, "", location.pathname);
}

// Opening the page: the URL's board wins (a shared link), resuming this phone's game when it is the same one.
// Another game's link asks first when a game is under way here; either way the saved game stays reachable.
async function openFromUrl() {
  const params = new URLSearchParams(location.search);
  const saved = loadSaved();
  const mode = params.get("mode") === "advanced" ? "advanced" : "reuse";
  $("mode").value = mode;
  if (params.has("table")) {
    try {
      await openTable(params.get("table"), params.get("seat"));
    } catch (error) {
      showError(problemOf(error));
      if (saved) setGame(saved, tableOf(saved));
    }
    return;
  }
  if (params.has("seed") || params.has("board")) {
    if (saved && shareUrl(saved.game) === shareUrl(requestedGame(params, mode))) { setGame(saved, tableOf(saved)); await computerReplies(); return; }
    if (params.has("board")) {
      const parsed = parseBoard(params.get("board"));
      if (parsed.problem) { showError(parsed.problem); return; }
      if (inProgress(saved) && !window.confirm(t("confirmOpenLink"))) { setGame(saved, tableOf(saved)); return; }
      setFaces(parsed.faces);
      await startGame({ board: boardText(), mode, plain: true }, { opponent: null, past: [] });
    } else {
      if (!/^\d+$/.test(params.get("seed"))) { showError(["fields", "seed"]); return; }
      if (inProgress(saved) && !window.confirm(t("confirmOpenLink"))) { setGame(saved, tableOf(saved)); return; }
      await startGame({ seed: Number(params.get("seed")), mode, plain: true }, { opponent: null, past: [] });
      const layer = Number(params.get("layer") || 0);
      if (current && layer > 0 && current.game.layer < layer) {
        const answer = await gameStep("next-layer", {});
        if (answer) setGame(answer, { opponent: null, past: [] });
      }
    }
    return;
  }
  if (saved) { setGame(saved, tableOf(saved)); await computerReplies(); }
}

// The parts of a game a link names, to compare a saved game with the one a link asks for.
function requestedGame(params, mode) {
  if (params.has("seed")) return { seed: Number(params.get("seed")), layer: Number(params.get("layer") || 0), mode, layers: [] };
  return { seed: null, layer: 0, mode, layers: [params.get("board")] };
}

// ----- a board without a game: every word, and the referee out of context ---------------------------

async function solve() {
  if (!completeBoard()) return;
  showError(null);
  $("summary").textContent = t("solving");
  $("results").innerHTML = "";
  $("word-info").hidden = true;
  try {
    solution = await postJson("/api/solve", { board: boardText(), mode: $("mode").value === "advanced" ? "advanced" : "overturn" });
    setFaces(solution.faces.flat());
    renderWords();
    document.body.classList.add("solved");
    $("results-section").scrollIntoView({ block: "start" });
  } catch (error) {
    solution = null;
    document.body.classList.remove("solved");
    $("summary").textContent = "";
    showError(problemOf(error));
  }
}

function renderWords() {
  const groups = new Map();
  solution.words.forEach((item) => {
    const length = item.word.length;
    if (!groups.has(length)) groups.set(length, []);
    groups.get(length).push(item);
  });
  let summary = t("words", solution.count);
  if (solution.truncated) summary += " " + t("truncated", solution.words.length);
  $("summary").textContent = summary;
  const results = $("results");
  results.innerHTML = "";
  [...groups.keys()].sort((a, b) => b - a).forEach((length) => {
    const items = groups.get(length).sort((a, b) => a.word.localeCompare(b.word));
    const section = document.createElement("section");
    section.className = "length-group";
    section.dataset.length = length;
    const title = document.createElement("h3");
    title.textContent = `${t("letters", length)} (${solution.lengths[length] ?? items.length})`;
    const list = document.createElement("div");
    list.className = "words";
    items.forEach((item) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "word";
      button.textContent = item.word;
      button.dataset.word = item.word;
      button.addEventListener("click", () => selectWord(button, item));
      list.append(button);
    });
    section.append(title, list);
    results.append(section);
  });
}

async function selectWord(button, item) {
  showPath(item.path);
  button.classList.add("selected");
  button.scrollIntoView({ block: "nearest" });
  const info = $("word-info");
  try {
    const body = await api(`/api/words/${encodeURIComponent(item.word)}`);
    info.replaceChildren(entriesList(item.word, body.entries));
    info.hidden = false;
  } catch (error) {
    info.hidden = true;
  }
}

function entriesList(word, entries) {
  const wrap = document.createElement("div");
  const title = document.createElement("strong");
  title.textContent = word;
  wrap.append(title);
  const list = document.createElement("ul");
  list.className = "entries";
  entries.forEach((entry) => {
    const line = document.createElement("li");
    line.textContent = entry.form === entry.lemma ? `${entry.form} (${entry.pos})` : `${entry.form} — ${entry.lemma} (${entry.pos})`;
    list.append(line);
  });
  wrap.append(list);
  return wrap;
}

async function refereeOutOfGame(event) {
  event.preventDefault();
  const word = $("dispute").value.trim();
  if (!word) return;
  if (!completeBoard()) return;
  showError(null);
  $("dispute").value = "";
  try {
    shown.disputeVerdict = await postJson("/api/referee", {
      board: boardText(), mode: $("mode").value === "advanced" ? "advanced" : "overturn", word,
    });
    renderVerdict($("dispute-verdict"), shown.disputeVerdict);
    if (shown.disputeVerdict.path) showPath(shown.disputeVerdict.path); else clearPath();
  } catch (error) {
    shown.disputeVerdict = null;
    $("dispute-verdict").hidden = true;
    showError(problemOf(error));
  }
}

// A verdict from its reason code, in the page's language: word, legal or not, the swing in a game, the cells.
function renderVerdict(box, verdict) {
  box.className = `verdict ${verdict.legal ? "legal" : "illegal"}`;
  box.dataset.reason = verdict.reason;
  box.replaceChildren();
  const title = document.createElement("div");
  title.className = "verdict-title";
  const swing = verdict.legal && verdict.swing !== null && verdict.swing !== undefined && current ? ` — ${t("swing", verdict.swing)}` : "";
  title.textContent = `${verdict.word || t("pass")} — ${verdict.legal ? t("legal") : t("illegal")}${swing}`;
  const reason = document.createElement("div");
  reason.className = "verdict-reason";
  reason.textContent = TEXT[lang].reasons[verdict.reason] || verdict.reason;
  box.append(title, reason);
  if (verdict.path && verdict.path.length) {
    const path = document.createElement("div");
    path.className = "muted verdict-path";
    path.textContent = `${t("pathOf")} ${pathNames(verdict.path)}`;
    box.append(path);
  }
  if (verdict.entries && verdict.entries.length) box.append(entriesList(verdict.word, verdict.entries));
  if (verdict.suggestions && verdict.suggestions.length) {
    const near = document.createElement("div");
    near.textContent = `${t("suggestions")} ${verdict.suggestions.join(", ")}`;
    box.append(near);
  }
  box.hidden = false;
}

// ----- the dictionary, with or without a board ----------------------------------------------------

const DICT_LISTS = ["two", "three", "q-without-u", "no-vowel"];

// The dictionary box: a look-up, or one of the searches players use (anagrams with jokers, hooks, 7+1, every form,
// plain filters, a pattern, the preset lists); answers keep their accents and ligatures (the API's spellings).
async function lookupWord(event) {
  event.preventDefault();
  const kind = $("dict-kind").value;
  const word = $("dict-word").value.trim();
  if (!word && !DICT_LISTS.includes(kind)) return;
  const q = encodeURIComponent(word);
  const paths = {
    lookup: `/api/words/${q}?suggest=true`, anagrams: `/api/anagrams?letters=${q}`, hooks: `/api/hooks?word=${q}`,
    plus: `/api/plus-one?letters=${q}`, forms: `/api/forms?word=${q}`, starts: `/api/find?starts=${q}`, ends: `/api/find?ends=${q}`,
    contains: `/api/find?contains=${q}`, length: `/api/find?length=${q}`, pattern: `/api/pattern?q=${q}`,
  };
  if (kind === "fit") {  // "..E.S AIRT?": the squares, then the rack
    const [squares, rack] = word.split(/\s+/, 2);
    paths.fit = `/api/fit?pattern=${encodeURIComponent(squares || "")}&rack=${encodeURIComponent(rack || "")}`;
  }
  const path = DICT_LISTS.includes(kind) ? `/api/lists/${kind}` : paths[kind];
  const box = $("dict-answer");
  $("dict-go").disabled = true;
  box.className = "verdict dict-busy";  // the last answer goes: the box says a search runs until this one's answer comes
  delete box.dataset.kind;
  box.textContent = t("dictBusy");
  box.hidden = false;
  box.setAttribute("aria-busy", "true");
  try {
    const answer = await api(path);
    if (kind === "lookup") renderLookup(answer);
    else renderSearch(kind, answer);
  } catch (error) {
    // Said in the box itself: on a phone the page's error line is far above the dictionary.
    shown.dict = null;
    box.className = "verdict illegal";
    box.dataset.kind = "error";
    box.textContent = messageOf(problemOf(error));
  } finally {
    $("dict-go").disabled = false;
    box.removeAttribute("aria-busy");
  }
}

// A key as the sources write it: "COEUR" → "cœur", "PECHE" → "pêche, péché" (the key itself when no spelling is known).
function spelled(answer, key) {
  const forms = answer.spellings && answer.spellings[key];
  return forms && forms.length ? forms.join(", ") : key;
}

function renderSearch(kind, answer) {
  shown.dict = null;
  const box = $("dict-answer");
  box.className = "verdict search";
  box.dataset.kind = kind;
  box.replaceChildren();
  const line = (text, className) => {
    const item = document.createElement("li");
    item.textContent = text;
    if (className) item.className = className;
    return item;
  };
  const list = document.createElement("ul");
  list.className = "search-results";
  // A key with its spellings when they differ: "SOUL (soûl)".
  const withSpelling = (key) => { const as = spelled(answer, key); return as !== key ? `${key} (${as})` : key; };
  if (kind === "hooks") {
    const front = Object.values(answer.front), back = Object.values(answer.back), inserted = Object.entries(answer.inserted);
    if (front.length || back.length || inserted.length) {
      list.append(line(`${t("inFront")} ${front.map(withSpelling).join(" ") || "—"}`), line(`${t("behind")} ${back.map(withSpelling).join(" ") || "—"}`));
      for (const [letter, words] of inserted) list.append(line(`${t("inside", letter)} ${words.map(withSpelling).join(" ")}`));
    }
  } else if (kind === "plus") {
    for (const [letter, words] of Object.entries(answer.by_letter || {})) list.append(line(`${t("plusLetter", letter)} ${words.map(withSpelling).join(" ")}`));
  } else if (kind === "forms") {
    for (const group of answer.lemmas) list.append(...formsLines(group, line));
  } else {
    for (const key of answer.words) {
      const shownAs = spelled(answer, key);
      const joker = answer.jokers && answer.jokers[key] ? ` ${t("jokerWas", answer.jokers[key])}` : "";
      list.append(line(`${key}${shownAs !== key ? " — " + shownAs : ""}${joker}`));
    }
  }
  const title = document.createElement("div");
  title.className = "verdict-title";
  const count = list.children.length;
  title.textContent = count ? (answer.words ? t("words", answer.count) + (answer.truncated ? ` ${t("moreShown")}` : "") : "") : t("noneFound");
  box.append(title, list);
  box.hidden = false;
}

// One lemma's lines: its title, then its table one line a tense ("indicatif présent : je mange · tu manges · …";
// a noun's by gender and number), then the forms no table row holds (or all of them when the build has no table).
function formsLines(group, line) {
  const texts = TEXT[lang];
  const lines = [line(t("formsOf", group.lemma, texts.pos[group.pos] || group.pos, group.count), "forms-title")];
  const byTense = new Map();
  const placed = new Set();
  for (const row of group.table || []) {
    let label = texts.persons[row.person] || row.person;
    if (row.tense === "Y" && label) label = `(${label})`;
    const written = row.forms.join(", ");
    const cell = label === "je" && /^[aeiouyàâäéèêëîïôöùûüÿœæ]/.test(written) ? `j'${written}` : (label ? `${label} ${written}` : written);
    const name = texts.tenses[row.tense] || texts.genderNumber;
    if (!byTense.has(name)) byTense.set(name, []);
    byTense.get(name).push(cell);
    for (const form of row.forms) placed.add(form);
  }
  for (const [name, cells] of byTense) lines.push(line(`${name} : ${cells.join(" · ")}`, "forms-tense"));
  const others = group.forms.filter((form) => !placed.has(form));
  if (others.length) lines.push(line(`${placed.size ? t("otherForms") + " " : ""}${others.join(", ")}`, "forms-other"));
  return lines;
}

function renderLookup(answer) {
  shown.dict = answer;
  const box = $("dict-answer");
  box.className = answer.valid ? "verdict legal" : "verdict illegal";
  box.replaceChildren();
  const title = document.createElement("div");
  title.className = "verdict-title";
  title.textContent = `${answer.key} — ${answer.valid ? t("valid") : t("notWord")}`;
  box.append(title);
  if (answer.valid) box.append(entriesList(answer.key, answer.entries));
  if (answer.links) {
    const links = document.createElement("div");
    links.className = "definition-links";
    links.append(`${t("definitions")} `);
    for (const [name, href] of Object.entries(answer.links)) {
      const a = document.createElement("a");
      a.href = href;
      a.target = "_blank";
      a.rel = "noopener";
      a.textContent = { wiktionnaire: "Wiktionnaire", cnrtl: "CNRTL" }[name] || name;
      links.append(a, " ");
    }
    box.append(links);
  }
  if (answer.suggestions && answer.suggestions.length) {
    const near = document.createElement("div");
    near.textContent = `${t("suggestions")} ${answer.suggestions.join(", ")}`;
    box.append(near);
  }
  box.hidden = false;
}

// ----- start -------------------------------------------------------------------------------------------

function init() {
  buildGrid();
  $("lang").addEventListener("click", () => {
    lang = lang === "fr" ? "en" : "fr";
    localStorage.setItem(STORE_LANG, lang);
    applyLanguage();
  });
  $("board-text").addEventListener("input", (event) => {
    const parsed = parseBoard(event.target.value);
    boardChanged();
    showError(parsed.problem);
    if (!parsed.problem && parsed.faces.length) setFaces(parsed.faces);
  });
  $("solve").addEventListener("click", solve);
  $("deal").addEventListener("click", dealGame);
  $("start-board").addEventListener("click", startTypedBoard);
  $("clear").addEventListener("click", () => {
    setFaces([]); boardChanged(); shown = {};
    $("board-text").value = ""; showError(null);
  });
  $("resume").addEventListener("click", () => whileBusy(async () => {
    const saved = loadSaved();
    if (saved) { setGame(saved, tableOf(saved)); await computerReplies(); }
  }));
  $("mode").addEventListener("change", () => { if (solution) solve(); });
  const levelFollowsChoice = () => {
    const table = document.querySelector("input[name=opponent][value=table]").checked;
    $("start-level").disabled = !document.querySelector("input[name=opponent][value=computer]").checked && !(table && $("silver-computer").checked);
    $("seat-names").hidden = !table;
    $("seat-options").hidden = !table;
    $("name-silver").disabled = table && $("silver-computer").checked;
  };
  $("silver-computer").addEventListener("change", levelFollowsChoice);
  document.querySelectorAll("input[name=opponent]").forEach((radio) => radio.addEventListener("change", levelFollowsChoice));
  levelFollowsChoice();
  $("referee-form").addEventListener("submit", refereeOutOfGame);
  $("dict-form").addEventListener("submit", lookupWord);
  $("move-form").addEventListener("submit", playMove);
  $("back").addEventListener("click", takeBack);
  $("pass").addEventListener("click", passTurn);
  $("undo").addEventListener("click", undoMove);
  $("hint").addEventListener("click", hint);
  $("all-legal").addEventListener("click", allLegal);
  $("computer").addEventListener("click", computerMove);
  $("next-layer").addEventListener("click", nextLayer);
  $("step-back").addEventListener("click", () => stepTo(viewing - 1));
  $("step-forward").addEventListener("click", () => stepTo(viewing + 1));
  $("step-live").addEventListener("click", () => stepTo(null));
  $("new-game").addEventListener("click", leaveGame);
  window.addEventListener("offline", () => setOffline(true));
  window.addEventListener("online", () => setOffline(false));
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
  applyLanguage();
  whileBusy(openFromUrl);
}

document.addEventListener("DOMContentLoaded", init);
