// The two sides (moves.Colour): a ring shows one of the two colours; seats are numbered green 0, silver 1.
export const GREEN = "green";
export const SILVER = "silver";
export const other = (colour) => (colour === GREEN ? SILVER : GREEN);
export const seat = (colour) => (colour === GREEN ? 0 : 1);
