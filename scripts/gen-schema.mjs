#!/usr/bin/env node
// Writes protocol/schema/protocol.gen.json from the built zod schemas (run via `npm run gen:schema`).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderProtocolSchema } from '../dist/protocol/json-schema.js';

const target = fileURLToPath(new URL('../protocol/schema/protocol.gen.json', import.meta.url));
writeFileSync(target, renderProtocolSchema());
console.log(`wrote ${target}`);
