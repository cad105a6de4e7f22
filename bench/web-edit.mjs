#!/usr/bin/env node
/**
 * Browser bench: from an edit in the unit form to the exact chart redrawn, in headless Chromium
 * (Debian's /usr/bin/chromium, driven by playwright-core) on the page `warodds serve` serves from
 * the build. For one library unit of each rule set, the attacker's first number field is set to
 * its value + 1, then back, EDITS times (a unit without one: the charge toggle); each time is measured in the page, from just before the
 * input event to the frame after the answer's generation counter moved (the worker answered, the
 * page re-rendered and Chart.js redrew). Printed with the time the same answer takes in Node
 * alone (the exact engine on this machine, in the same run) as the reference.
 *
 *   npm run bench:web        (builds first)   or   node bench/web-edit.mjs
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';

const EDITS = 15;
const CASES = [
  { system: 'ninth-age', attacker: 'knights', target: 'halberdiers', charge: true },
  { system: 'warhammer-fantasy', attacker: 'great-weapon-elites', target: 'halberdiers' },
  { system: 'kings-of-war', attacker: 'heavy-cavalry', target: 'spear-regiment', charge: true },
  { system: 'age-of-sigmar', attacker: 'liberators', target: 'clawlord' },
  { system: 'hott', attacker: 'knights', target: 'blades' },
];

const { register } = await import('tsx/esm/api');
register();
// The page's own question module (the share link's hash), from its sources.
const { questionToHash, defaultQuestion } = await import('../src/web/question.ts');

function serve() {
  const child = spawn(process.execPath, ['dist/bin/warodds.cjs', 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (t) => {
      out += t;
      const m = /at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1], child });
    });
  });
}

/** The exact engine alone in Node for the same question (median of EDITS runs), the reference. */
async function nodeReference(c) {
  await import('../src/systems/registry.ts');
  const { loadLibrary } = await import('../src/analysis/units.ts');
  const { pairingScenario } = await import('../src/questions/pairing-scenario.ts');
  const lib = loadLibrary();
  const flags = { charge: Boolean(c.charge), flank: false, rear: false, shooting: false, fight: false, extra: {} };
  const times = [];
  for (let i = 0; i < EDITS; i++) {
    const t0 = performance.now();
    const { scenario } = pairingScenario(lib, { attacker: `${c.system}/${c.attacker}`, target: `${c.system}/${c.target}`, flags });
    scenario.system.exact(scenario.parsed);
    if (scenario.system.stages) scenario.system.stages(scenario.parsed);
    times.push(performance.now() - t0);
  }
  return median(times);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const { url, child } = await serve();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  console.log(`edit → exact chart redrawn, headless Chromium at 360×740, ${EDITS} edits per unit (median, slowest)`);
  for (const c of CASES) {
    await page.goto('about:blank');
    await page.goto(`${url}${questionToHash({ ...defaultQuestion(), ...c })}`);
    await page.waitForFunction(() => Number(document.querySelector('.answer')?.getAttribute('data-generation')) > 0);
    await page.click('text=Edit attacker');
    const times = await page.evaluate(async (edits) => {
      // A unit without a number field (a HOTT element is its type): the charge toggle is the edit.
      const input = document.querySelector('details.edit input[type="number"]');
      const toggle = document.getElementById('situation-charge');
      const start = input ? Number(input.value) : 0;
      const out = [];
      for (let i = 0; i < edits; i++) {
        const answer = document.querySelector('.answer');
        const before = Number(answer.getAttribute('data-generation'));
        const t0 = performance.now();
        if (input) {
          input.value = String(i % 2 === 0 ? start + 1 : start);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        } else toggle.click();
        await new Promise((resolve) => {
          const check = () => (Number(answer.getAttribute('data-generation')) > before ? requestAnimationFrame(() => resolve()) : setTimeout(check, 1));
          check();
        });
        out.push(performance.now() - t0);
      }
      return out;
    }, EDITS);
    const reference = await nodeReference(c);
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`  ${`${c.system}/${c.attacker} vs ${c.target}`.padEnd(52)} ${median(times).toFixed(1).padStart(6)} ms, slowest ${sorted.at(-1).toFixed(1).padStart(6)} ms   (the exact engine alone in Node: ${reference.toFixed(1)} ms; ratio ${(median(times) / Math.max(reference, 0.1)).toFixed(1)}×)`);
  }
} finally {
  await browser.close();
  child.kill('SIGTERM');
}
