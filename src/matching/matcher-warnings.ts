// Where warnings about matchers found while matching (a pattern that ran past its deadline) go: stderr by default,
// the sidecar's logger once serve mode sets it. Never stdout (the protocol channel).

export type MatcherWarningSink = (message: string) => void;

const toStderr: MatcherWarningSink = (message) => {
  process.stderr.write(`[hookd warn] ${message}\n`);
};

let sink: MatcherWarningSink = toStderr;

export function setMatcherWarningSink(next: MatcherWarningSink | undefined): void {
  sink = next ?? toStderr;
}

export function warnAboutMatcher(message: string): void {
  sink(message);
}
