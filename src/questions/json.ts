/**
 * The JSON shape of an answer, the same in the CLI's --json and the web page. A distribution is `{ pmf: [P(0), P(1), ...], mean, sd }` with trailing zeros
 * trimmed.
 */
import { type Dist, mean, sd, trim } from '../core/dist.js';
import type { Outcome } from '../systems/types.js';
import type { RunResult } from './run.js';
import { type Provenance, provenanceJson } from './provenance.js';

export function distJson(d: Dist) {
  return { pmf: Array.from(trim(d)), mean: mean(d), sd: sd(d) };
}

export function outcomeJson(o: Outcome) {
  return {
    damage: distJson(o.damage),
    ...(o.slain ? { slain: distJson(o.slain) } : {}),
    ...(o.destroyed !== undefined ? { destroyed: o.destroyed } : {}),
    ...(o.morale ? { morale: o.morale } : {}),
    ...(o.outcomes ? { outcomes: o.outcomes } : {}),
    // Monte Carlo's overflow bucket: the pmf's last entry is P(value ≥ pooledFrom).
    ...(o.pooledFrom ? { pooledFrom: o.pooledFrom } : {}),
  };
}

export function resultJson(r: RunResult, p?: Provenance) {
  const head = {
    ...(p ? { run: provenanceJson(p) } : {}),
    system: r.scenario.system.id,
    scenario: r.scenario.name,
    // `--stages`: exact distributions of attacks, hits, wounds, unsaved wounds, damage dealt.
    ...(r.stages ? { stages: r.stages.map((s) => ({ name: s.name, ...distJson(s.dist) })) } : {}),
  };
  if (r.exact && !r.monteCarlo) return { ...head, engine: 'exact', ...outcomeJson(r.exact) };
  const mc = r.monteCarlo!;
  const sampling = { seed: mc.seed, samples: mc.samples };
  if (!r.exact) return { ...head, engine: 'monte-carlo', ...sampling, ...outcomeJson(mc.outcome) };
  return {
    ...head,
    engine: 'both',
    ...sampling,
    exact: outcomeJson(r.exact),
    monteCarlo: outcomeJson(mc.outcome),
    agreement: r.agreement,
  };
}
