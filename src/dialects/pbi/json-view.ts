// Reads a jsonc-parser tree the way Python's json module builds values (facts §1): a duplicated key keeps its first
// position and its last value; a number keeps its literal text (normalizeTimeout reads huge integers exactly).
// Tree access only; must not know the hooks file's shape.
import type { Node } from 'jsonc-parser';
import { getNodeValue } from 'jsonc-parser';

export type Member = { readonly key: string; readonly keyNode: Node; readonly value: Node };

/** The members of an object node in Python dict order (first occurrence), each with the last value written for it. */
export function objectMembers(node: Node): Member[] {
  const byKey = new Map<string, Member>();
  for (const property of node.children ?? []) {
    const [keyNode, value] = property.children ?? [];
    if (keyNode === undefined || value === undefined || typeof keyNode.value !== 'string') continue;
    const earlier = byKey.get(keyNode.value);
    byKey.set(keyNode.value, { key: keyNode.value, keyNode: earlier?.keyNode ?? keyNode, value });
  }
  return [...byKey.values()];
}

export function member(node: Node, key: string): Member | undefined {
  return objectMembers(node).find((entry) => entry.key === key);
}

export function isObjectNode(node: Node | undefined): node is Node {
  return node?.type === 'object';
}

/** A leaf's value (string, number, boolean, null); objects and arrays as plain values (for int() and repr only). */
export function plainValue(node: Node): unknown {
  if (node.type === 'object') return Object.fromEntries(objectMembers(node).map((entry) => [entry.key, plainValue(entry.value)]));
  if (node.type === 'array') return (node.children ?? []).map(plainValue);
  return getNodeValue(node);
}

/** Python truthiness of a JSON value: false, null, 0, "", [] and {} are false. */
export function truthy(node: Node | undefined): boolean {
  if (node === undefined) return false;
  switch (node.type) {
    case 'object':
    case 'array':
      return (node.children ?? []).length > 0;
    case 'null':
      return false;
    default: {
      const value: unknown = node.value;
      return value !== false && value !== 0 && value !== '';
    }
  }
}

/** The source text of a node (a number's literal as written). */
export function literalText(text: string, node: Node): string {
  return text.slice(node.offset, node.offset + node.length);
}
