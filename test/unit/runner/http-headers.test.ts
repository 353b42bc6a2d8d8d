// Header interpolation for HTTP handlers: $VAR and ${VAR} only for names in allowedEnvVars, others become empty.
import { describe, expect, it } from 'vitest';
import { interpolateHeaders } from '../../../src/engine/http-headers.js';

const env = { TOKEN: 's3cret', OTHER: 'leak', EMPTY: '' };

describe('http header interpolation', () => {
  it('"$VAR" and "${VAR}" are filled for names listed in allowedEnvVars', () => {
    expect(interpolateHeaders({ Authorization: 'Bearer $TOKEN', 'X-B': '${TOKEN}-x' }, ['TOKEN'], env)).toEqual({ Authorization: 'Bearer s3cret', 'X-B': 's3cret-x' });
  });

  it('a variable not listed in allowedEnvVars becomes the empty string, even when it is set', () => {
    expect(interpolateHeaders({ 'X-A': 'a$OTHER/b${OTHER}c' }, ['TOKEN'], env)).toEqual({ 'X-A': 'a/bc' });
    expect(interpolateHeaders({ 'X-A': '$TOKEN' }, [], env)).toEqual({ 'X-A': '' });
  });

  it('a listed variable that is unset becomes the empty string', () => {
    expect(interpolateHeaders({ 'X-A': '[$MISSING]' }, ['MISSING'], env)).toEqual({ 'X-A': '[]' });
  });

  it('text that is not a reference stays as written', () => {
    expect(interpolateHeaders({ 'X-A': 'cost: $5, ${not closed, $' }, ['TOKEN'], env)).toEqual({ 'X-A': 'cost: $5, ${not closed, $' });
  });
});
