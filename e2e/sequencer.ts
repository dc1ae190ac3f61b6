import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The journeys measured longest (ADR 031), in that order, ahead of the rest: two workers take files from one
 * queue, so starting with the long ones lets the short ones fill in and both workers finish close together.
 * A fresh clone has no durations cached for vitest's own "longest first", so the order is written down.
 */
const LONGEST_FIRST = [
  "publish",
  "mastodon",
  "newcomer",
  "team",
  "a11y",
  "networks",
  "crash",
  "day",
  "media",
  "no-js",
  "compose",
  "shell",
  "approvals",
  "analytics",
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
