// initialize's protocol negotiation and server capabilities, over stdio with the built sidecar: an unknown
// protocolVersion is refused (the session stays uninitialized, a retry works); capabilities come from the tables.
import { afterEach, describe, expect, it } from 'vitest';
import { CancelNotifications, ClientNotifications, EVENT_ALIAS_NAMES, EVENT_NAMES, Requests, ServerNotifications, ServerOptionsSchema, ServerRequests } from '../../src/protocol/index.js';
import { claudeDialect } from '../../src/dialects/claude/index.js';
import { bambooDialect } from '../../src/dialects/bamboo/index.js';
import { Sidecar } from '../helpers/sidecar.js';
import { makeWorkspace } from '../helpers/workspace.js';

const open: Sidecar[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sidecar) => sidecar.close()));
});
const start = () => {
  const sidecar = new Sidecar();
  open.push(sidecar);
  return sidecar;
};
const initParams = (workspace: string, protocolVersion: unknown, dialect = 'claude') => ({ protocolVersion, dialect, workspace, home: workspace, options: { watch: false } });

describe('initialize refuses a protocolVersion it does not speak', () => {
  it('"0.2" is -32602 with the precise message and data.supported; the session stays uninitialized; "0.1" then works', async () => {
    const workspace = makeWorkspace();
    const sidecar = start();
    const refused = await sidecar.call('initialize', initParams(workspace, '0.2'));
    expect(refused.error?.code).toBe(-32602);
    expect(refused.error?.message).toBe('invalid params: protocolVersion "0.2" is not supported: this hookd speaks 0.1');
    expect(refused.error?.data).toEqual({ supported: ['0.1'], requested: '0.2' });
    expect((await sidecar.call('hooks/list')).error?.code).toBe(-32002);
    const accepted = await sidecar.call('initialize', initParams(workspace, '0.1'));
    expect(accepted.error).toBeUndefined();
    expect(accepted.result).toMatchObject({ protocolVersion: '0.1', serverInfo: { name: 'hookd' } });
    expect((await sidecar.call('hooks/list')).result).toMatchObject({ hooks: [] });
  });

  it.each(['0.1.0', '1.0', '', ' 0.1', 'v0.1'])('versions compare as exact strings: %j is refused', async (version) => {
    const sidecar = start();
    const refused = await sidecar.call('initialize', initParams(makeWorkspace(), version));
    expect(refused.error?.code).toBe(-32602);
    expect(refused.error?.message).toContain(`protocolVersion ${JSON.stringify(version)} is not supported`);
  });

  it('a very long version is cut to 80 characters in the message and data', async () => {
    const sidecar = start();
    const refused = await sidecar.call('initialize', initParams(makeWorkspace(), 'x'.repeat(10_000)));
    expect(refused.error?.code).toBe(-32602);
    expect(refused.error?.message.length).toBeLessThan(200);
    expect((refused.error?.data as { requested: string }).requested).toBe(`${'x'.repeat(80)}…`);
  });

  it('a protocolVersion that is not a string, or none, is -32602 naming the field', async () => {
    const sidecar = start();
    const workspace = makeWorkspace();
    for (const version of [0.1, null, undefined]) {
      const refused = await sidecar.call('initialize', initParams(workspace, version));
      expect(refused.error?.code).toBe(-32602);
      expect(refused.error?.message).toContain('protocolVersion');
    }
  });
});

describe('initialize answers capabilities derived from the tables', () => {
  it.each([
    ['claude', claudeDialect.handlerTypes, ['command', 'http', 'mcp_tool', 'prompt', 'agent']],
    ['bamboo', bambooDialect.handlerTypes, ['command', 'script']],
  ] as const)('%s', async (dialect, tableHandlerTypes, handlerTypes) => {
    const sidecar = start();
    const result = (await sidecar.request('initialize', initParams(makeWorkspace(), '0.1', dialect))) as { capabilities: Record<string, unknown>; events: string[] };
    const { capabilities } = result;
    expect(capabilities.handlerTypes).toEqual(handlerTypes);
    expect(capabilities.handlerTypes).toEqual(tableHandlerTypes);
    // hooks/<Event> and hooks/<Alias> are reported as `events` and `eventAliases` (neither dialect serves an alias).
    const eventMethods = new Set([...EVENT_NAMES, ...EVENT_ALIAS_NAMES].map((event) => `hooks/${event}`));
    expect(capabilities.requests).toEqual(Object.keys(Requests).filter((method) => !eventMethods.has(method)));
    expect(capabilities.requests).toEqual(expect.arrayContaining(['initialize', 'ping', 'shutdown', 'hooks/list', 'hooks/dryRun', 'trust/set', 'runs/begin']));
    expect(capabilities.requests).not.toContain('hooks/PreToolUse');
    expect(capabilities.requests).not.toContain('hooks/BeforeTool');
    expect(result).not.toHaveProperty('eventAliases');
    expect(capabilities.serverRequests).toEqual([
      { method: 'hooks/invoke', capability: 'programmaticHooks' },
      { method: 'hooks/judge', capability: 'modelJudge' },
      { method: 'hooks/callMcpTool', capability: 'mcpTools' },
      { method: 'hooks/approve', capability: 'hookApproval' },
      { method: 'hooks/askToolApproval', capability: 'toolApproval' },
    ]);
    expect(capabilities.serverRequests).toHaveLength(Object.keys(ServerRequests).length);
    expect(capabilities.notifications).toEqual({
      client: [...Object.keys(ClientNotifications), ...Object.keys(CancelNotifications)],
      server: [...Object.keys(ServerNotifications), '$/cancelRequest'],
    });
    expect(capabilities.notifications).toMatchObject({ client: expect.arrayContaining(['exit', '$/cancelRequest', '$/cancel_request']), server: expect.arrayContaining(['hooks/progress']) });
    expect(capabilities.options).toEqual(Object.keys(ServerOptionsSchema.shape));
    expect(capabilities.options).toEqual(expect.arrayContaining(['stopBlockCap', 'killGraceMs', 'watch', 'runOutputExcerptBytes']));
    // The events stay where they were.
    expect(result.events).toEqual(dialect === 'claude' ? [...claudeDialect.events] : [...bambooDialect.events]);
  });
});
