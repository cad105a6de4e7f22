/**
 * A whole fight's answer as JSON, the same for the command line (`fight --json`) and the page: its
 * header (the fight, the rule set, the engine), the fight report (src/fight/report.ts), the exact
 * chain's sizes when asked for, and the run record.
 */
import { grouped } from '../core/budget.js';
import type { FightReport } from '../fight/report.js';
import { DEFAULT_ROUNDS } from '../fight/types.js';
import type { Outcome } from '../systems/types.js';
import { type Provenance, provenanceJson } from './provenance.js';

/** The record's line for a whole fight's round cap when none is given. */
export const ROUNDS_ASSUMED = `rounds: at most ${DEFAULT_ROUNDS}`;

export interface FightHeader {
  readonly name: string;
  readonly system: string;
  readonly engine: string;
}

/** The engine as a fight's header names it: exact, or Monte Carlo with its samples and seed. */
export function fightEngineLabel(monteCarlo: { readonly samples: number; readonly seed: string } | null): string {
  return monteCarlo ? `Monte Carlo, ${grouped(monteCarlo.samples)} samples, seed '${monteCarlo.seed}'` : 'exact';
}

export function fightToJson(h: FightHeader, r: FightReport, chain: Outcome['chain'] | undefined, p?: Provenance): unknown {
  return {
    ...(p ? { run: provenanceJson(p) } : {}),
    name: h.name,
    system: h.system,
    engine: h.engine,
    cap: r.cap,
    fighting: r.fighting,
    bothDestroyed: r.bothDestroyed,
    rounds: r.rounds,
    attacker: r.attacker,
    target: r.target,
    ...(chain ? { chain } : {}),
  };
}
