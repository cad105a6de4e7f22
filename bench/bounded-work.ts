/**
 * Bounded work: the worst accepted case of each exact engine — the largest of a family of inputs
 * the work meter (src/core/budget.ts) accepts — with its CPU time and the share of the meter's
 * limit it charged, then the next size of the family, refused on its estimate (or stopped by the
 * meter, where the estimate let it through), with the CPU time of the refusal. One run each (the
 * accepted cases take seconds). `bench/run.ts` calls it; `node dist/bench/bounded-work.js` runs it
 * alone.
 */
import { fileURLToPath } from 'node:url';
import { WORK_LIMIT, WorkAccount } from '../src/core/budget.js';
import { TooLargeError } from '../src/core/errors.js';
import { findSystem } from '../src/systems/registry.js';

const t9aFight = (models: number) => {
  const unit = { troop: 'infantry', models, files: 10, m: 4, ws: 4, bs: 3, s: 4, t: 4, w: 1, i: 4, a: 1, ld: 7 };
  return { attacker: unit, target: unit, situation: { type: 'fight', charging: 'attacker' } };
};
const wfbFight = (models: number) => {
  const unit = { models, width: 10, m: 4, ws: 4, bs: 3, s: 4, t: 4, w: 1, i: 4, a: 3, ld: 7 };
  return { attacker: unit, target: unit, situation: { phase: 'fight', charging: 'attacker' } };
};
const aosEngagement = (models: number) => {
  const unit = (name: string, side: string, target: string) => ({
    name,
    side,
    targets: [target],
    unit: { models, health: 5, save: '4+', keywords: ['infantry'], weapons: [{ name: 'Blade', attacks: 5, hit: '3+', wound: '3+', rend: '-', damage: 'D6' }] },
  });
  return { engagement: { turns: 2, phases: ['combat'] }, units: [unit('A', 'attacker', 'B'), unit('B', 'defender', 'A')] };
};
const kowEngagement = (attackers: number) => ({
  target: { type: 'infantry', size: 'horde', me: '4+', ra: '-', de: '6+', att: 20, nerve: '59/60' },
  attackers: Array.from({ length: attackers }, (_, i) => ({
    unit: { type: 'infantry', size: 'horde', me: '2+', ra: '-', de: '4+', att: 100, nerve: '25/27', rules: ['crushing-strength(3)', 'brutal', 'vicious'] },
    situation: { attack: 'melee', charge: ['front', 'flank', 'rear'][i % 3] },
  })),
  engagement: { turns: 20 },
});

/** Each engine's family, its largest accepted size, and the next size. */
const FAMILIES = [
  { system: 'ninth-age', family: (n: number) => `fight of ${n} v ${n} single-wound infantry, 10 wide, A1, to a finish`, input: t9aFight, accepted: 160, next: 180 },
  { system: 'warhammer-fantasy', family: (n: number) => `fight of ${n} v ${n} single-wound infantry, 10 wide, A3, to a finish`, input: wfbFight, accepted: 60, next: 70 },
  { system: 'age-of-sigmar', family: (n: number) => `engagement of two ${n}-model units of health 5, 5 attacks of D6 each, 2 player turns`, input: aosEngagement, accepted: 28, next: 30 },
  { system: 'kings-of-war', family: (n: number) => `engagement of ${n} 100-attack hordes on a nerve 59/60 horde over 20 turns`, input: kowEngagement, accepted: 3, next: 4 },
];

/** CPU seconds, the work charged, and the refusal (or null) of one exact run on a fresh meter. */
function run(system: string, input: unknown): { cpu: number; spent: number; refused: string | null } {
  const s = findSystem(system);
  const account = new WorkAccount();
  const c0 = process.cpuUsage();
  let refused: string | null = null;
  try {
    account.run(() => s.exact(s.parse(input)));
  } catch (error) {
    if (!(error instanceof TooLargeError)) throw error;
    refused = error.message;
  }
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1e6, spent: account.spent, refused };
}

export function benchBoundedWork(): void {
  console.log(`Bounded work: the worst accepted case of each exact engine (CPU time, share of the meter's ${WORK_LIMIT.toExponential(1)} steps), then the next size, refused on its estimate or stopped by the meter; one run each:`);
  for (const f of FAMILIES) {
    const ok = run(f.system, f.input(f.accepted));
    const state = ok.refused ? `REFUSED (${ok.refused})` : `CPU ${ok.cpu.toFixed(2)} s, ${((100 * ok.spent) / WORK_LIMIT).toFixed(0)} % of the meter`;
    console.log(`    ${f.system}: ${f.family(f.accepted)}: ${state}`);
    const next = run(f.system, f.input(f.next));
    const refusal = next.refused
      ? `${next.spent < WORK_LIMIT / 10 ? 'refused on its estimate' : 'stopped by the meter'} in CPU ${(next.cpu * 1000).toFixed(0)} ms`
      : `ACCEPTED (CPU ${next.cpu.toFixed(2)} s)`;
    console.log(`    ${' '.repeat(f.system.length)}  next size, ${f.next}: ${refusal}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) benchBoundedWork();
