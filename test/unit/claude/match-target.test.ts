import { describe, expect, it } from 'vitest';
import { matchTarget } from '../../../src/dialects/claude/match-target.js';
import type { EventName, EventParams } from '../../../src/protocol/index.js';

const params: EventParams = {
  session: { id: 's', agentType: 'main-agent-type' },
  toolName: 'Bash',
  toolInput: {},
  source: 'resume',
  trigger: 'auto',
  notificationType: 'idle_prompt',
  agentType: 'code-reviewer',
  reason: 'logout',
  prompt: 'hi',
};

describe('claude match targets', () => {
  it.each<[EventName, string | undefined]>([
    ['PreToolUse', 'Bash'],
    ['PostToolUse', 'Bash'],
    ['PostToolUseFailure', 'Bash'],
    ['PermissionRequest', 'Bash'],
    ['SessionStart', 'resume'],
    ['PreCompact', 'auto'],
    ['PostCompact', 'auto'],
    ['Notification', 'idle_prompt'],
    ['SubagentStart', 'code-reviewer'],
    ['SubagentStop', 'code-reviewer'],
    ['SessionEnd', 'logout'],
    ['UserPromptSubmit', undefined],
    ['Stop', undefined],
  ])('the matcher on %s is tested against %s', (event, expected) => {
    expect(matchTarget(event, params)).toBe(expected);
  });

  it('No matcher: UserPromptSubmit and Stop have no match field (every hook matches)', () => {
    expect(matchTarget('UserPromptSubmit', params)).toBeUndefined();
    expect(matchTarget('Stop', params)).toBeUndefined();
  });
});
