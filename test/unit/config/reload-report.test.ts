// reloadAndReport, shared by the watcher and hooks/reload: the client hears of every reload, also one whose load
// throws (a bug): the diagnostics still current plus a `reload-failed` error naming the file, and the old hooks stay.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine.js';
import type { DiagnosticsParams } from '../../../src/protocol/index.js';
import { reloadAndReport } from '../../../src/server/config-reloader.js';
import { fakeDialect, hook, scriptedRunner } from '../engine/fakes.js';

const context = { workspace: '/ws', home: '/h' };

describe('reloadAndReport', () => {
  it('sends hooks/diagnostics with the new diagnostics after a normal reload', () => {
    const engine = new Engine({ dialect: fakeDialect([hook('a', 'Stop', 'allow')]), runner: scriptedRunner(), workspace: '/ws' });
    engine.load(context);
    const sent: DiagnosticsParams[] = [];
    reloadAndReport(engine, context, (params) => void sent.push(params), ['/fake/settings.json']);
    expect(sent).toEqual([{ diagnostics: [], trigger: 'reload', changedFiles: ['/fake/settings.json'], hooks: 1 }]);
  });

  it('a load that throws still sends hooks/diagnostics (a reload-failed error naming the file), keeps the hooks and rethrows', () => {
    let fail = false;
    const dialect = fakeDialect([hook('a', 'Stop', 'allow')]);
    const load = dialect.load.bind(dialect);
    const engine = new Engine({
      dialect: {
        ...dialect,
        load: (ctx) => {
          if (fail) throw new RangeError('Maximum call stack size exceeded');
          return load(ctx);
        },
      },
      runner: scriptedRunner(),
      workspace: '/ws',
    });
    engine.load(context);
    fail = true;
    const sent: DiagnosticsParams[] = [];
    expect(() => reloadAndReport(engine, context, (params) => void sent.push(params), ['/fake/settings.json'])).toThrow(RangeError);
    expect(sent).toEqual([
      {
        diagnostics: [
          {
            severity: 'error',
            message: 'reloading /fake/settings.json failed (Maximum call stack size exceeded); the configuration loaded before stays in effect',
            file: '/fake/settings.json',
            code: 'reload-failed',
          },
        ],
        trigger: 'reload',
        changedFiles: ['/fake/settings.json'],
        hooks: 1,
      },
    ]);
    expect(engine.snapshot.hooks.map((entry) => entry.id)).toEqual(['a']);
  });
});
