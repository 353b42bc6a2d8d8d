// CONTRACT STUB (part gemini-load implements): ~/.gemini/trusted_hooks.json (`{ "<project>": ["<name>:<command>"] }`)
// as a review store: trust records a project hook as known; revoke removes it. Locked and atomic writes.
import type { ReviewStore } from '../../engine/dialect.js';

export function createGeminiReviewStore(path: string): ReviewStore {
  const refuse = () => Promise.reject(new Error(`not implemented yet: writing ${path}`));
  return { path, trust: refuse, setEnabled: refuse, revoke: refuse };
}
