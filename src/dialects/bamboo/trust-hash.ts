// The content hash that project-file trust is bound to: sha256 of the canonical form of the file's `lifecycle_hooks`
// value. Pure; must not read files (the loader hands it the parsed document).
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../config/canonical-json.js';
import { isObject } from './json-value.js';

/**
 * `sha256:<hex>` of the `lifecycle_hooks` value as compact JSON with object keys sorted (UTF-8). What runs is all
 * in that value (events, groups and handlers in order, matchers, commands, paths, runners, timeouts, enabled flags),
 * so any change to it needs a new review; whitespace, key order and the file's other (non-hook) settings do not.
 */
export function hooksContentHash(document: unknown): string {
  const section = isObject(document) ? document['lifecycle_hooks'] : undefined;
  return `sha256:${createHash('sha256').update(canonicalJson(section ?? null), 'utf8').digest('hex')}`;
}
