// The deal (overturn/game/tiles.py deal): the tiles shuffled and each turned a random quarter turn by CPython's
// generator (random.js) from the seed, then laid out layer by layer, so the phone deals the very boards the
// server deals from the same seed. A layer is its faces row by row, "QU" and "ZX" for the double faces.
//
// tiles-fr.json is overturn/game/data/tiles-fr.json (the page's files are served from overturn/web only); a test
// fails if the two differ.

import TILESET from "./tiles-fr.json" with { type: "json" };
import { parseBoard } from "../notation.js";
import { Random } from "./random.js";

// Each tile's faces row by row, read as Python's parse_faces reads a tile ("[QU]" is the face "QU").
export function tileFaces(tileset) {
  return tileset.tiles.map((text, index) => {
    const { faces, problem } = parseBoard(text);
    if (problem !== null || faces.length !== tileset.tile_rows * tileset.tile_cols) throw new Error(`tiles[${index}]: ${text} is not a tile of the set's size`);
    return faces;
  });
}

// The tile turned clockwise (TileSet.rotations); a tile that is not square only turns half-way (0 or 2 turns).
export function rotate(tile, quarterTurns, rows, cols) {
  let grid = Array.from({ length: rows }, (_, row) => tile.slice(row * cols, (row + 1) * cols));
  const turns = rows === cols ? quarterTurns % 4 : (quarterTurns % 2) * 2;
  for (let turn = 0; turn < turns; turn += 1) {
    // Python's zip(*grid[::-1]): the new row c is column c read from the bottom row up.
    grid = grid[0].map((_, col) => grid.map((_, row) => grid[grid.length - 1 - row][col]));
  }
  return grid.flat();
}

// The layers of the deal of `seed` (an int, as Python's deal takes), top layer first, each its faces row by row.
// rows, cols: the board's size, a whole number of tiles (Overturn's 6×6 by default).
export function deal(seed, tileset = TILESET, { rows = 6, cols = 6 } = {}) {
  const { tile_rows: tileRows, tile_cols: tileCols } = tileset;
  if (rows % tileRows || cols % tileCols) throw new Error("the tile set's tile size does not match the board's");
  const perLayer = (rows / tileRows) * (cols / tileCols);
  const order = tileFaces(tileset);
  if (order.length < perLayer) throw new Error(`a layer needs ${perLayer} tiles, the set has ${order.length}`);
  const rng = new Random(seed);
  rng.shuffle(order);
  const turned = order.map((tile) => rotate(tile, rng.randrange(4), tileRows, tileCols)); // drawn tile by tile, in order
  const layers = [];
  for (let first = 0; first + perLayer <= turned.length; first += perLayer) {
    layers.push(layOut(turned.slice(first, first + perLayer), rows, cols, tileRows, tileCols));
  }
  return layers;
}

// A layer's faces row by row, tile `index` at tile row index / tilesPerRow, tile column index % tilesPerRow.
function layOut(tiles, rows, cols, tileRows, tileCols) {
  const faces = new Array(rows * cols).fill("");
  const tilesPerRow = cols / tileCols;
  tiles.forEach((tile, index) => {
    const top = Math.floor(index / tilesPerRow);
    const left = index % tilesPerRow;
    tile.forEach((face, offset) => {
      const row = top * tileRows + Math.floor(offset / tileCols);
      const col = left * tileCols + (offset % tileCols);
      faces[row * cols + col] = face;
    });
  });
  return faces;
}
