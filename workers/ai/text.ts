/** Pure text measurements shared by the service (analysis our code vouches for) and the builtin provider. */

const HASHTAG = /#[\p{L}\p{N}_]+/gu;
const MENTION = /(?<![\p{L}\p{N}_])@[A-Za-z0-9_.]+/gu;
const URL_RE = /https?:\/\/\S+/gu;
const EMOJI = /\p{Extended_Pictographic}/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

export const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further get got had has have having he her here hers herself him
  himself his how i if in into is it its itself just let lets me more most my myself no nor not now of off on once only or other
  our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they
  this those through to too under until up very was we were what when where which while who whom why will with would you your
  yours yourself yourselves new make post write create generate about tell share today day week really very thing things way
  going want need one two us im it's we're you're i'm don't can't won't just like get via amp
  every much many really honestly actually literally always never ever still even back around little lot lots enough yet maybe
  quite almost already since without within upon whether though although anyone everyone everything something nothing someone
  anything soon later first last next best great good amazing awesome excited thrilled happy check come see look know think
  take find give use try keep start help feel weve youve theyve ive youre theyre dont cant wont isnt arent didnt doesnt wasnt
  thats whats theres hes shes itll youll well`.split(/\s+/),
);

export function hashtagsIn(text: string): string[] {
  return text.match(HASHTAG) ?? [];
}

export function mentionsIn(text: string): string[] {
  return (text.match(MENTION) ?? []).map((m) => m.replace(/\.+$/, ""));
}

export function emojiCount(text: string): number {
  return (text.match(EMOJI) ?? []).length;
}

/** Words of the prose: hashtags, mentions and links left out. */
export function wordsIn(text: string): string[] {
  const prose = text.replace(URL_RE, " ").replace(HASHTAG, " ").replace(MENTION, " ");
  return prose.match(WORD) ?? [];
}

export function sentencesIn(text: string): string[] {
  const prose = text.replace(URL_RE, " ").replace(HASHTAG, " ").replace(MENTION, " ");
  return prose
    .split(/(?<=[.!?…])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** Vowel-group estimate of English syllables (silent final e, at least one per word). */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, "");
  if (w.length === 0) return 1;
  if (w.length <= 3) return 1;
  const groups = w
    .replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, "")
    .replace(/^y/, "")
    .match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups?.length ?? 1);
}

/** Flesch reading ease, rounded to one decimal; 0 words gives 0. */
export function fleschReadingEase(text: string): number {
  const words = wordsIn(text);
  if (words.length === 0) return 0;
  const sentences = Math.max(1, sentencesIn(text).length);
  const syl = words.reduce((n, w) => n + syllables(w), 0);
  const score = 206.835 - 1.015 * (words.length / sentences) - 84.6 * (syl / words.length);
  return Math.round(score * 10) / 10;
}

export function readingLevel(ease: number): string {
  if (ease >= 80) return "Very easy";
  if (ease >= 60) return "Easy";
  if (ease >= 50) return "Fairly difficult";
  if (ease >= 30) return "Difficult";
  return "Very difficult";
}

export interface TextStats {
  characterCount: number;
  words: number;
  sentences: number;
  readingEase: number;
  readingLevel: string;
  hashtagCount: number;
  mentionCount: number;
  emojiCount: number;
  linkCount: number;
}

export function textStats(text: string): TextStats {
  const ease = fleschReadingEase(text);
  return {
    characterCount: Array.from(text).length,
    words: wordsIn(text).length,
    sentences: sentencesIn(text).length,
    readingEase: ease,
    readingLevel: readingLevel(ease),
    hashtagCount: hashtagsIn(text).length,
    mentionCount: mentionsIn(text).length,
    emojiCount: emojiCount(text),
    linkCount: (text.match(URL_RE) ?? []).length,
  };
}

/**
 * Keywords by frequency (ties: first appearance), stop words, numbers and very short words dropped.
 * Adjacent keyword pairs that repeat count as a phrase ("social media").
 */
export function keywords(text: string, limit: number): string[] {
  const tokens = wordsIn(text).map(keywordToken);
  const scores = new Map<string, { n: number; first: number }>();
  const bump = (key: string, at: number, by = 1) => {
    const hit = scores.get(key);
    if (hit) hit.n += by;
    else scores.set(key, { n: by, first: at });
  };
  tokens.forEach((t, i) => {
    if (t.length < 3 || STOP_WORDS.has(t) || /^\d+$/.test(t)) return;
    bump(t, i);
    const next = tokens[i + 1];
    if (next && next.length >= 3 && !STOP_WORDS.has(next) && !/^\d+$/.test(next)) bump(`${t} ${next}`, i, 0.5);
  });
  return [...scores.entries()]
    .filter(([k, v]) => !k.includes(" ") || v.n >= 1) // a phrase must occur at least twice
    .filter(([k, v]) => k.includes(" ") || v.n > 1 || !/(?:ing|ed)$/.test(k)) // a one-off verb form is no topic
    .sort((a, b) => b[1].n - a[1].n || a[1].first - b[1].first)
    .map(([k]) => k)
    .slice(0, limit);
}

/**
 * A word as keywords count it: lower case, a possessive 's dropped ("bakery's" → "bakery"). A contraction
 * ("we've", "it'll") is no topic and becomes "" (dropped); hyphens are joined ("self-care" → "selfcare").
 */
export function keywordToken(word: string): string {
  const w = word.toLowerCase().replace(/['’]s$/, "");
  return /['’]/.test(w) ? "" : w.replace(/-/g, "");
}

/** Words that start a noun phrase: what precedes one is a verb or preposition, not a noun. */
const DETERMINERS = new Set(
  "a an the our my your their his her its this that these those every each some any no".split(" "),
);
/** Words after which comes a verb: "to launch", "we announce", "will deserve". */
const BEFORE_VERB = new Set(
  "to i we you they he she it will would can could should must may might lets please".split(" "),
);

/**
 * Words that close a noun phrase somewhere in the text: followed by punctuation, the end or a stop word
 * other than a determiner ("bread" in "sourdough bread in our kitchen"), and not right after "to", a
 * pronoun or a modal. English puts the noun last in its phrase, so these are likely nouns; the adjectives
 * and modifiers before them, and verbs ("announce our launch"), are not.
 */
export function phraseHeads(text: string): Set<string> {
  const heads = new Set<string>();
  for (const clause of text.replace(URL_RE, " ").split(/[.,!?;:()"“”\n]+/u)) {
    const words = wordsIn(clause).map((w) => [w.toLowerCase(), keywordToken(w)] as const);
    words.forEach(([, w], i) => {
      const next = words[i + 1]?.[0];
      const prev = words[i - 1]?.[0];
      const closes = next === undefined || (STOP_WORDS.has(next) && !DETERMINERS.has(next)) || /['’]/.test(next);
      if (w && closes && !(prev && BEFORE_VERB.has(prev))) heads.add(w);
    });
  }
  return heads;
}

/** "social media" → "#SocialMedia"; "ai" → "#ai". */
export function toHashtag(phrase: string): string {
  const parts = phrase
    .split(/\s+/)
    .map((p) => p.replace(/[^\p{L}\p{N}_]/gu, ""))
    .filter(Boolean);
  if (parts.length === 1) return `#${parts[0]!.toLowerCase()}`;
  return `#${parts.map((p) => p[0]!.toUpperCase() + p.slice(1).toLowerCase()).join("")}`;
}

/** A small stable hash, so the builtin provider varies with its input yet stays deterministic. */
export function stableHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
