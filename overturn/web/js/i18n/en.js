// The pages' words in English: the catalogue's (overturn/wording/en.json), as functions where they take arguments.
import catalogue from "./catalogue-en.js";
import { pageWords } from "./words.js";

export default pageWords(catalogue, "en");
