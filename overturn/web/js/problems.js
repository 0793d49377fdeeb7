// A failed request as a message key and its arguments, and that message in the page's language: the server's
// reason and field codes are worded by the translation files (never the server's English prose).
import { ApiProblem } from "./api.js";
import { phrase, t } from "./i18n.js";

export function problemOf(error) {
  if (!(error instanceof ApiProblem)) return ["unexpected"];
  if (error.offline) return ["network"];
  if (error.detail.reason && phrase("codes", error.detail.reason)) return ["codes", error.detail.reason];
  if (error.detail.field && phrase("fields", error.detail.field)) return ["fields", error.detail.field];
  const seat = /^seats\[(\d+)\]\.name$/.exec(error.detail.field || "");  // a seat's name refused: which one
  if (seat) return ["seatNameRefused", Number(seat[1]) + 1];
  return ["status", error.status];
}

export function messageOf(problem) {
  const [key, ...args] = problem;
  if (key === "fields" || key === "codes") return phrase(key, args[0]);
  if (key === "status") {
    const known = phrase("status", args[0]);
    return known ?? t("statusOther", args[0]);
  }
  return t(key, ...args);
}
