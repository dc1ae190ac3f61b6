import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The journeys measured longest (ADR 031; session 25's runs at load 3–6), in that order, ahead of the rest: two
 * workers take files from one queue, so starting with the long ones lets the short ones fill in and both workers
 * finish close together. A fresh clone has no durations cached for vitest's own "longest first", so the order is
 * written down; each entry names one file (`no-js` is no-js.e2e.ts alone). publish and mastodon wait for a due
 * minute, 25–85 s of their time.
 */
const LONGEST_FIRST = [
  "publish",
  "mastodon",
  "networks",
  "approvals",
  "team",
  "a11y",
  "newcomer",
  "day",
  "crash",
  "no-js-pages",
  "analytics",
  "accounts",
  "compose",
  "inbox",
  "no-js",
  "media",
];

const rank = (spec: TestSpecification) => {
  const i = LONGEST_FIRST.findIndex((name) => spec.moduleId.endsWith(`/e2e/${name}.e2e.ts`));
  return i === -1 ? LONGEST_FIRST.length : i;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
