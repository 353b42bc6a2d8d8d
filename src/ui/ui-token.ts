// The per-launch secret of `hookd ui`: 32 random bytes as hex, and a constant-time comparison with what a request
// presents. Owns nothing else (where the token may appear is request-guard.ts's).
import { randomBytes, timingSafeEqual } from 'node:crypto';

export function newUiToken(): string {
  return randomBytes(32).toString('hex');
}

/** True when `presented` is exactly `token` (compared in constant time; any length mismatch is false). */
export function tokenMatches(token: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const expected = Buffer.from(token, 'utf8');
  const given = Buffer.from(presented, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
