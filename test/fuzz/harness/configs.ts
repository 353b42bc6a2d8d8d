// Random configuration files for the fuzz: claude settings.json and bamboo hooks.json built from their real
// schema (events, groups, matchers, handlers with every field), mutated like requests, then serialized as JSON,
// broken JSON, random bytes or one of the known hazards (deep nesting, huge entry counts, NUL bytes, a BOM).
// Every spawning field is made harmless. Produces file contents only.
import fc from 'fast-check';
import { EVENT_NAMES } from '../../../src/protocol/events.js';
import { hostileValue, jsonText, nested, oddNumber, oddString } from './json-text.js';
import { harmless, mutate, mutationArbitrary } from './requests.js';
import type { FuzzDialect } from './fuzz-workspace.js';

const BAMBOO_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd', 'PreCompact', 'Notification'];
const SAFE_COMMANDS = ['true', 'cat > /dev/null', "printf '{}'", 'exit 2', "printf '{\"decision\":\"block\",\"reason\":\"r\"}'"];

const matcher = fc.oneof(
  fc.constantFrom('Bash', '^Bash$', '*', '', 'Edit|Write', 'Bash|Read', 'mcp__.*', '(?i)bash', '[[:alpha:]]+', '\\A\\z', 'a{,3}', '(?P<n>x)', '(?=x)', '\\1', '(', ')', '[', '.*', '(a+)+$', '^(a|a)*$'),
  oddString,
  hostileValue,
);

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });

const claudeHandler = fc.record({
  type: fc.oneof({ weight: 6, arbitrary: fc.constant('command') }, { weight: 1, arbitrary: fc.constantFrom('http', 'prompt', 'agent', 'mcp_tool', 'Command', '') }, { weight: 1, arbitrary: hostileValue }),
  command: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...SAFE_COMMANDS) }, { weight: 1, arbitrary: hostileValue }),
  args: maybe(fc.oneof(fc.constant(['x']), hostileValue)),
  timeout: maybe(fc.oneof(oddNumber, hostileValue)),
  statusMessage: maybe(oddString),
  onFailure: maybe(fc.oneof(fc.constantFrom('block', 'continue'), hostileValue)),
  shell: maybe(fc.oneof(fc.constantFrom('bash', 'powershell'), hostileValue)),
  async: maybe(fc.oneof(fc.boolean(), hostileValue)),
  asyncRewake: maybe(fc.boolean()),
  if: maybe(oddString),
});

const bambooHandler = fc.record({
  type: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('command', 'script') }, { weight: 1, arbitrary: hostileValue }),
  command: maybe(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...SAFE_COMMANDS) }, { weight: 1, arbitrary: hostileValue })),
  path: maybe(fc.oneof(fc.constantFrom('missing.py', 'hooks/x.js', 'none.sh'), hostileValue)),
  runner: maybe(fc.oneof(fc.constantFrom('auto', 'python', 'node', 'bash', 'sh', 'deno', 'bun'), hostileValue)),
  timeout_ms: maybe(fc.oneof(oddNumber, fc.constant(null), hostileValue)),
});

function groups(handler: fc.Arbitrary<unknown>) {
  return fc.array(fc.record({ matcher: maybe(matcher), hooks: fc.oneof({ weight: 8, arbitrary: fc.array(handler, { maxLength: 3 }) }, { weight: 1, arbitrary: hostileValue }) }), { maxLength: 3 });
}

function eventsObject(events: readonly string[], handler: fc.Arbitrary<unknown>) {
  return fc
    .array(fc.tuple(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...events) }, { weight: 1, arbitrary: oddString.map(String) }), fc.oneof({ weight: 8, arbitrary: groups(handler) }, { weight: 1, arbitrary: hostileValue })), { maxLength: 5 })
    .map((entries) => Object.fromEntries(entries));
}

/** A settings/hooks object shaped like the real schema, with mutations on top; spawning fields made harmless. */
export function configObject(dialect: FuzzDialect): fc.Arbitrary<unknown> {
  const shaped =
    dialect === 'claude'
      ? fc.record({
          hooks: eventsObject(EVENT_NAMES, claudeHandler),
          disableAllHooks: maybe(fc.oneof(fc.boolean(), hostileValue)),
          allowManagedHooksOnly: maybe(fc.boolean()),
          permissions: maybe(fc.jsonValue({ maxDepth: 2 })),
          env: maybe(fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 })),
        })
      : fc.record({
          lifecycle_hooks: fc.oneof(
            { weight: 8, arbitrary: eventsObject(BAMBOO_EVENTS, bambooHandler) },
            { weight: 1, arbitrary: fc.record({ enabled: fc.oneof(fc.boolean(), hostileValue) }) },
          ),
          model: maybe(oddString),
        });
  return fc.tuple(shaped, fc.array(mutationArbitrary, { maxLength: 3 })).map(([config, mutations]) => harmless(mutate(dropUndefined(config), mutations)));
}

function dropUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropUndefined);
  if (value !== null && typeof value === 'object' && value.constructor === Object) {
    return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined).map(([key, item]) => [key, dropUndefined(item)]));
  }
  return value;
}

/** Files that broke loaders before: nesting, entry counts, NUL bytes, a BOM, huge strings, almost-JSON. */
function hazards(dialect: FuzzDialect): fc.Arbitrary<Buffer> {
  const section = dialect === 'claude' ? 'hooks' : 'lifecycle_hooks';
  const many = (count: number) => `{"${section}":{"PreToolUse":[${Array.from({ length: count }, () => '{"hooks":7}').join(',')}]}}`;
  return fc
    .constantFrom(
      () => `{"${section}":${nested(10_000, 'object').text}}`,
      () => `{"${section}":{"PreToolUse":${nested(10_000, 'array').text}}}`,
      () => nested(100_000, 'array').text,
      () => many(5_000),
      () => many(150_000),
      () => `\ufeff{"${section}":{}}`,
      () => `{"${section}":{"Pre\u0000ToolUse":[]}}`,
      () => `{"${section}":{"PreToolUse":[{"matcher":"${'a'.repeat(1_000_000)}","hooks":[]}]}}`,
      () => `{"${section}":{},}`,
      () => `// comment\n{"${section}":{}}`,
      () => `{"${section}":{"PreToolUse":[{"hooks":[{"type":"command","command":"true"}]}]}}{"extra":1}`,
      () => `{"__proto__":{"${section}":{"PreToolUse":[]}},"${section}":{"constructor":[]}}`,
      () => '',
      () => ' \n',
      () => 'null',
      () => '[]',
      () => '"text"',
    )
    .map((make) => Buffer.from(make(), 'utf8'));
}

/** File contents that fast-check prints short (a counterexample may be megabytes). */
export class FileContents {
  constructor(readonly bytes: Buffer) {}
  [fc.toStringMethod](): string {
    const text = this.bytes.toString('utf8');
    return `FileContents(${JSON.stringify(text.slice(0, 200))}${text.length > 200 ? `… ${this.bytes.length} bytes` : ''})`;
  }
}

/** The contents of one config file. */
export function configFile(dialect: FuzzDialect): fc.Arbitrary<FileContents> {
  const text = configObject(dialect).map((value) => jsonText(value));
  return fc.oneof(
    { weight: 8, arbitrary: text.map((value) => Buffer.from(value, 'utf8')) },
    { weight: 1, arbitrary: fc.tuple(text, fc.double({ min: 0, max: 1, noNaN: true })).map(([value, cut]) => Buffer.from(value.slice(0, Math.floor(value.length * cut)), 'utf8')) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: hazards(dialect) },
  ).map((bytes) => new FileContents(bytes));
}
