import nlp from "compromise";
import type { PiiSpan } from "./pii-categories";

type NameTag = "first" | "last" | "either";

/**
 * First and last names from compromise's lexicon (thousands of given names and surnames that ship
 * with the package; nothing is downloaded). Read once: recognising a turn is then a few map look-ups.
 */
function loadNames(): Map<string, NameTag> {
  const lexicon = (nlp as unknown as { world(): { model: { one: { lexicon: Record<string, string | string[]> } } } }).world().model.one.lexicon;
  const names = new Map<string, NameTag>();
  for (const [word, tags] of Object.entries(lexicon)) {
    const list = Array.isArray(tags) ? tags : [tags];
    if (word.includes(" ")) continue;
    if (list.some((tag) => tag === "MaleName" || tag === "FemaleName" || tag === "FirstName")) names.set(word, "first");
    else if (list.includes("LastName")) names.set(word, "last");
    else if (list.includes("Person")) names.set(word, "either");
  }
  return names;
}

let names: Map<string, NameTag> | undefined;
const lookup = (word: string) => (names ??= loadNames()).get(word.toLowerCase());

const WORD = /[A-Za-z][A-Za-z'’-]*/g;
/** Words after which the next one or two are a name, whatever their case: "my name is", "this is", "Mr". */
const INTRODUCTION = /(?:\b(?:name is|name's|names is|this is|i am|i'm|im|call me|speaking with|speaking to|ask for|it's|its|mr|mrs|ms|miss|dr|doctor|prof|professor|sir|madam)\.?\s+)$/i;
/** Words that follow an introduction without being names. */
const NOT_NAMES = new Set(
  "a an the not just so very really calling here there looking trying going interested sorry fine good great okay ok sure happy glad still also only your you we they he she it that this what who yes no well calling wondering hoping about from with at in on for to and or but my our".split(" "),
);

const isCapitalised = (word: string) => word[0] >= "A" && word[0] <= "Z";

/**
 * Person names: a given name from the lexicon written with a capital ("Maria"), with the capitalised
 * words or known surnames that follow ("Maria Garcia"); and one or two words after an introduction
 * ("my name is Okonkwo", "this is john smith", "Mr. Haddad"), whatever the lexicon knows of them.
 */
export function recognizeNames(text: string): PiiSpan[] {
  const words: { word: string; start: number; end: number }[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) words.push({ word: match[0], start: match.index, end: match.index + match[0].length });
  const spans: PiiSpan[] = [];
  for (let i = 0; i < words.length; i++) {
    const { word, start } = words[i];
    const tag = lookup(word);
    const introduced = INTRODUCTION.test(text.slice(Math.max(0, start - 24), start)) && !NOT_NAMES.has(word.toLowerCase());
    const known = tag !== undefined && isCapitalised(word) && word !== "I";
    if (!introduced && !known) continue;
    if (introduced && !known && !isCapitalised(word) && tag === undefined && !/^[a-z]+$/.test(word)) continue;
    let last = i;
    // Up to two more words: capitalised, or known surnames in any case ("garcia").
    for (let next = i + 1; next < words.length && next <= i + 2; next++) {
      const following = words[next];
      if (/[.!?,;]/.test(text.slice(words[next - 1].end, following.start))) break;
      const followingTag = lookup(following.word);
      const surname = followingTag === "last" || followingTag === "either";
      if ((isCapitalised(following.word) && !NOT_NAMES.has(following.word.toLowerCase())) || (surname && (introduced || tag !== undefined))) last = next;
      else break;
    }
    spans.push({ start, end: words[last].end, category: "person_name" });
    i = last;
  }
  return spans;
}
