import { describe, expect, it } from 'vitest';
import { describeIssues, formatPath } from '../../../src/protocol/issue-text.js';

describe('issue text', () => {
  it('quotes keys that are not identifiers', () => {
    expect(formatPath(['hooks', 'my event', 0])).toBe('hooks["my event"][0]');
  });

  it('prefixes every path, names the root, and drops zod\'s "Invalid input: "', () => {
    const issues = [
      { path: ['permissionDecision'], message: 'Invalid input: expected "allow"' },
      { path: [], message: 'expected object' },
    ];
    expect(describeIssues(issues, { prefix: ['hookSpecificOutput'], root: 'output' })).toBe(
      'hookSpecificOutput.permissionDecision: expected "allow"; hookSpecificOutput: expected object',
    );
    expect(describeIssues([{ path: [], message: 'expected object' }], { root: 'output' })).toBe('output: expected object');
  });
});
