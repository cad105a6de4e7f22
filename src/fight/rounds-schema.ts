/** The round cap of a whole fight as every rule set's fight input takes it: `rounds`, 1..MAX_ROUNDS. */
import * as z from 'zod';
import { DEFAULT_ROUNDS, MAX_ROUNDS } from './types.js';

const ROUNDS = { error: `must be a whole number from 1 to ${MAX_ROUNDS}` };

export const roundsSchema = z.number(ROUNDS).int(ROUNDS).min(1, ROUNDS).max(MAX_ROUNDS, ROUNDS).default(DEFAULT_ROUNDS);
