/**
 * Engagements, exact, parse included: a Kings of War turn of three attackers and a
 * 5-turn engagement (target < 50 ms each), a HOTT Stronghold assault, and an Age of Sigmar fight
 * phase of two 10-model units (target < 200 ms), then one and two battle rounds. Median wall and
 * CPU time. `bench/run.ts` calls it; `node dist/bench/engagements.js` runs it alone.
 */
import { fileURLToPath } from 'node:url';
import { loadLibrary } from '../src/analysis/units.js';
import { loadScenarioFile } from '../src/cli/scenario-file.js';
import { DATA_DIR } from '../src/paths.js';
import { findSystem } from '../src/systems/registry.js';

const RUNS = 25;
const WARM_UP = 5;

/** Median wall and CPU milliseconds of RUNS calls after WARM_UP. */
function medianMs(run: () => unknown): { wall: number; cpu: number } {
  for (let i = 0; i < WARM_UP; i++) run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    run();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { wall: median(wall), cpu: median(cpu) };
}

/** 10 heavy cavalry that charged against 10 Strike-first elite infantry, in combat phases only. */
function aosFight(turns: number): unknown {
  const library = loadLibrary();
  const body = (id: string) => library.find(id, 'bench').body;
  return {
    engagement: { turns, phases: ['combat'] },
    units: [
      { name: 'Cavalry', side: 'attacker', charged: true, targets: ['Elites'], unit: { ...body('aos/example-cavalry'), models: 10 } },
      { name: 'Elites', side: 'defender', targets: ['Cavalry'], unit: { ...body('aos/example-elite-infantry'), models: 10, abilities: ['strike-first'] } },
    ],
  };
}

export function benchEngagements(): void {
  console.log(`Engagements (exact, parse included), median of ${RUNS}: wall and CPU time`);
  const line = (label: string, target: string, run: () => unknown) => {
    const { wall, cpu } = medianMs(run);
    console.log(`    ${label}: ${wall.toFixed(2)} ms wall, ${cpu.toFixed(2)} ms CPU${target ? ` (target ${target})` : ''}`);
  };
  for (const [label, file, target] of [
    ['KoW turn of three attackers (archers, regiment, knights)', 'kings-of-war/scenarios/engagement-two-charges-and-archers.json', '< 50 ms'],
    ['KoW 5-turn engagement (shooting, charge, Heal, counter-charge, Lifeleech)', 'kings-of-war/scenarios/engagement-vampires-heal-and-leech.json', '< 50 ms'],
    ['HOTT 6-bound Stronghold assault by four elements', 'hott/scenarios/engagement-stronghold-assault.json', ''],
  ] as const) {
    const loaded = loadScenarioFile(`${DATA_DIR}/${file}`);
    line(label, target, () => loaded.system.exact(loaded.system.parse(loaded.input)));
  }
  const aos = findSystem('age-of-sigmar');
  for (const [turns, label, target] of [
    [1, 'AoS fight phase, 10 cavalry v 10 Strike-first elite infantry', '< 200 ms'],
    [2, 'AoS one battle round (two fight phases)', ''],
    [4, 'AoS two battle rounds', ''],
  ] as const) {
    const input = aosFight(turns);
    line(label, target, () => aos.exact(aos.parse(input)));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) benchEngagements();
