import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderProtocolSchema } from '../../../src/protocol/json-schema.js';
import { EVENT_NAMES, Requests } from '../../../src/protocol/index.js';

describe('protocol/schema', () => {
  it('protocol/schema/protocol.gen.json is current with src/protocol (run npm run gen:schema)', () => {
    const committed = readFileSync(new URL('../../../protocol/schema/protocol.gen.json', import.meta.url), 'utf8');
    expect(committed).toBe(renderProtocolSchema());
  });

  it('every lifecycle event has a hooks/<EventName> request', () => {
    for (const event of EVENT_NAMES) expect(Object.keys(Requests)).toContain(`hooks/${event}`);
  });
});
