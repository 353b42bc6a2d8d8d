// UserPromptSubmit: plain stdout becomes context for the model.
import { readInput } from './read-input.mjs';

const input = await readInput();
process.stdout.write(`Context for "${input.prompt}": the main module is src/index.js.\n`);
