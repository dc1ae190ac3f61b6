import type { InboxAssist, InboxAssistInput } from "../provider";

const POSITIVE = [
  "love",
  "loved",
  "great",
  "amazing",
  "awesome",
  "thanks",
  "thank",
  "beautiful",
  "delicious",
  "best",
  "perfect",
  "wonderful",
  "nice",
  "excellent",
  "fantastic",
  "yum",
  "favourite",
  "favorite",
  "happy",
  "recommend",
];
const NEGATIVE = [
  "bad",
  "terrible",
  "awful",
  "worst",
  "hate",
  "disappointed",
  "disappointing",
  "broken",
  "refund",
  "never",
  "rude",
  "cold",
  "stale",
  "late",
  "wrong",
  "scam",
  "angry",
  "horrible",
  "complaint",
  "sick",
  "poor",
];

const words = (text: string) => text.toLowerCase().match(/[\p{L}']+/gu) ?? [];

/** The offline reading of an item: a word count of positive and negative words, and a reply that fits it. */
export function assistInboxItem(i: InboxAssistInput): InboxAssist {
  const w = words(i.text);
  const score = w.filter((x) => POSITIVE.includes(x)).length - w.filter((x) => NEGATIVE.includes(x)).length;
  const sentiment = score > 0 ? "positive" : score < 0 ? "negative" : "neutral";
  // A name ending in an initial ("Sofia G.") must not end the sentence a second time.
  const name = i.author.replace(/^@/, "").replace(/\.$/, "");
  const question = i.text.includes("?");
  const reply =
    sentiment === "negative"
      ? `Sorry to hear that, ${name}. Could you send us a message with the details? We'll make it right.`
      : sentiment === "positive"
        ? `Thank you so much, ${name}! That means a lot to the team.`
        : question
          ? `Thanks for asking, ${name}! We'll get back to you with the details shortly.`
          : `Thanks for your comment, ${name}!`;
  return { sentiment, reply };
}
