// The board notation, read as the server reads it (overturn/game/board.py parse_faces; a test runs both on the
// same texts), and the cells' names. No DOM here, so the test runs it outside a browser too.
export const SIZE = 6;
// The sides by seat, as the answers number them (result.turn, result.winners): green 0, silver 1.
export const SIDES = ["green", "silver"];
export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export function cellName(row, col) { return `${LETTERS[col]}${row + 1}`; }
// A cell is its number, row by row from 0 (row * SIZE + col), in every answer and every request the pages send.
export function cellLabel(cell) { return cellName(Math.floor(cell / SIZE), cell % SIZE); }
export function pathNames(path) { return path.map(cellLabel).join(" "); }
// The saved game keeps its cells as [row, col] (its stored format, which its loader checks): as a cell number.
export function savedCell([row, col]) { return row * SIZE + col; }

// Faces of a typed or pasted board: letters, [ZX], [QU], a lone Q (or QU) for the Qu face; spaces and
// '/' are ignored, accents dropped. Returns {faces, problem}: a problem is a message key and its
// arguments, and any problem leaves the board unread, so a stray character never shifts the letters.
export function parseBoard(text) {
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

