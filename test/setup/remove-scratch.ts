// vitest setup file: after each test file (its own afterAll hooks first), remove the scratch directories it made.
import { afterAll } from 'vitest';
import { removeScratchDirs } from '../helpers/scratch.js';

afterAll(() => removeScratchDirs());
