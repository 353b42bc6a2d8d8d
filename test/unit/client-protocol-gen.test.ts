// The TypeScript client's copy of the protocol module (clients/typescript/src/protocol.gen, which lets it build
// outside this repository) is exactly src/protocol: regenerate with `npm run gen:client-protocol` when this fails.
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { expectedFiles, staleFiles } from '../../scripts/gen-client-protocol.mjs';

describe('clients/typescript/src/protocol.gen', () => {
  it('is a fresh copy of every src/protocol/*.ts (npm run gen:client-protocol)', () => {
    expect((expectedFiles() as Map<string, string>).size).toBeGreaterThan(0);
    expect(staleFiles()).toEqual([]);
  });
});
