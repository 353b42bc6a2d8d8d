#!/usr/bin/env node
// Copies the protocol module (src/protocol/*.ts: zod schemas, method table, version) into the TypeScript client as
// clients/typescript/src/protocol.gen/, so that the client builds outside this repository. src/protocol stays the one
// source of truth; test/unit/client-protocol-gen.test.ts fails when the copy is stale. `--check`: report, write nothing.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'src', 'protocol');
const target = join(root, 'clients', 'typescript', 'src', 'protocol.gen');
const header = (file) => `// GENERATED from src/protocol/${file} by scripts/gen-client-protocol.mjs (npm run gen:client-protocol): do not edit.\n`;

/** file name → the content the client's copy must have. */
export function expectedFiles() {
  const files = new Map();
  for (const file of readdirSync(source).filter((name) => name.endsWith('.ts')).sort()) {
    files.set(file, header(file) + readFileSync(join(source, file), 'utf8'));
  }
  return files;
}

/** Names of the files that differ, are missing or are extra in the client's copy. */
export function staleFiles() {
  const expected = expectedFiles();
  const present = readdirSync(target, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
  const stale = present.filter((name) => !expected.has(name));
  for (const [name, content] of expected) {
    let actual;
    try {
      actual = readFileSync(join(target, name), 'utf8');
    } catch {
      actual = undefined;
    }
    if (actual !== content) stale.push(name);
  }
  return stale.sort();
}

function generate() {
  const expected = expectedFiles();
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(target)) if (!expected.has(entry)) rmSync(join(target, entry), { recursive: true, force: true });
  for (const [name, content] of expected) writeFileSync(join(target, name), content);
  console.error(`wrote ${expected.size} files to clients/typescript/src/protocol.gen/`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--check')) {
    const stale = staleFiles();
    if (stale.length > 0) {
      console.error(`clients/typescript/src/protocol.gen is stale (${stale.join(', ')}): run npm run gen:client-protocol`);
      process.exit(1);
    }
  } else generate();
}
