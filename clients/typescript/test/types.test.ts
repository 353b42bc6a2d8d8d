// Compile-time checks of the typing derived from src/protocol (checked by `tsc --noEmit`, the root typecheck):
// params and results come from the method table and the event schemas; wrong params do not compile.
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { EventResultSchema, InitializeResultSchema, ListHooksResultSchema, ProgressParamsSchema } from '../../../src/protocol/index.js';
import type { EventMethods, HookAnswer, HookdClient, RequestParams, RequestResult } from '../src/index.js';

/** Type positions only, and code that never runs (`Math.random() > 2`): no sidecar here. */
declare const client: HookdClient;
const session = { id: 's' };

describe('types derived from the protocol', () => {
  it('request<M>: params and result of the method table', () => {
    expectTypeOf<RequestResult<'hooks/list'>>().toEqualTypeOf<z.output<typeof ListHooksResultSchema>>();
    expectTypeOf<RequestResult<'initialize'>>().toEqualTypeOf<z.output<typeof InitializeResultSchema>>();
    expectTypeOf<RequestResult<'hooks/PreToolUse'>>().toEqualTypeOf<z.output<typeof EventResultSchema>>();
    expectTypeOf<RequestResult<'shutdown'>>().toEqualTypeOf<null>();
    expectTypeOf<RequestParams<'hooks/cancel'>>().toHaveProperty('sessionId').toEqualTypeOf<string>();
    if (Math.random() > 2) {
      void client.request('ping');
      void client.request('hooks/cancel', { sessionId: 's' }, { timeoutMs: 10 });
      void client.request('trust/set', { trusted: true }); // persist has a default: optional
      // @ts-expect-error hooks/cancel needs its params
      void client.request('hooks/cancel');
      // @ts-expect-error sessionId is a string
      void client.request('hooks/cancel', { sessionId: 1 });
      // @ts-expect-error not a method of the table (use call())
      void client.request('hooks/NoSuchEvent', {});
    }
  });

  it('event methods: required fields per event, defaults optional, the merged result', () => {
    expectTypeOf<HookdClient['preToolUse']>().returns.resolves.toEqualTypeOf<z.output<typeof EventResultSchema>>();
    expectTypeOf<keyof EventMethods>().toEqualTypeOf<
      | 'sessionStart'
      | 'sessionEnd'
      | 'userPromptSubmit'
      | 'preToolUse'
      | 'permissionRequest'
      | 'postToolUse'
      | 'postToolUseFailure'
      | 'notification'
      | 'stop'
      | 'subagentStart'
      | 'subagentStop'
      | 'preCompact'
      | 'postCompact'
      | 'setup'
      | 'instructionsLoaded'
      | 'userPromptExpansion'
      | 'messageDisplay'
      | 'permissionDenied'
      | 'postToolBatch'
      | 'taskCreated'
      | 'taskCompleted'
      | 'stopFailure'
      | 'teammateIdle'
      | 'configChange'
      | 'cwdChanged'
      | 'directoryAdded'
      | 'fileChanged'
      | 'worktreeCreate'
      | 'worktreeRemove'
      | 'elicitation'
      | 'elicitationResult'
      | 'preModelSwitch'
      | 'postModelSwitch'
      | 'preFileWrite'
      | 'postFileWrite'
      | 'preBash'
      | 'postBash'
      | 'beforeModel'
      | 'afterModel'
      | 'beforeToolSelection'
    >();
    if (Math.random() > 2) {
      void client.preToolUse({ session, toolName: 'Bash', toolInput: { command: 'ls' } });
      void client.stop({ session }); // stopHookActive has a default
      void client.sessionStart({ session }); // source has a default
      // @ts-expect-error PreToolUse needs toolName
      void client.preToolUse({ session, toolInput: {} });
      // @ts-expect-error UserPromptSubmit needs prompt
      void client.userPromptSubmit({ session });
      // @ts-expect-error every event needs the session
      void client.stop({});
    }
  });

  it('notifications and programmatic hooks', () => {
    if (Math.random() > 2) {
      client.onProgress((params) => expectTypeOf(params).toEqualTypeOf<z.output<typeof ProgressParamsSchema>>());
      client.onDiagnostics((params) => expectTypeOf(params.diagnostics[0]!.severity).toEqualTypeOf<'error' | 'warning' | 'info'>());
      void client.registerHook({ event: 'PreToolUse' }, (invocation, { signal }) => {
        expectTypeOf(invocation.hookId).toEqualTypeOf<string>();
        expectTypeOf(signal).toEqualTypeOf<AbortSignal>();
        return { exitCode: 2, stderr: 'no' };
      });
      // @ts-expect-error exitCode is a number
      const wrong: HookAnswer = { exitCode: 'two' };
      void wrong;
      void client.notify('exit');
      // @ts-expect-error hooks/Notification needs its params
      void client.notify('hooks/Notification');
    }
  });
});
