// The pages' words in French, the default language: the catalogue's (overturn/wording/fr.json), as functions where
// they take arguments. The same keys as en.js (a test holds them equal).
import catalogue from "./catalogue-fr.js";
import { pageWords } from "./words.js";

export default pageWords(catalogue, "fr");
