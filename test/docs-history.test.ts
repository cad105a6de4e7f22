/**
 * The README and docs/ describe the product as it is: no history of the work (sessions, periods
 * of work, issue numbers, what was tried and dropped, before/after figures — git log keeps that),
 * and rules cited by book section, never by files that are not in the repository.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentFiles } from '../scripts/readme-examples.mjs';

const HISTORY: Array<[string, RegExp]> = [
  ['a session of work', /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|\d+(st|nd|rd|th)) (session|period|pass|round of work)\b|\bsession's\b|\bwork period\b/i],
  ['an issue number', /\bissues? #?\d+|\(#\d+\)/i],
  ['a before/after chronicle', /\bbefore → after\b|\bbefore and after\b|\(before: |\bbefore (this|the) (fix|change|rework|version)\b|\bused to\b/i],
  ['a discarded experiment', /\btried and (left out|dropped)\b|\bwas reverted\b|\bno gain yet\b|\bmeasured, nothing kept\b/i],
  ['a shared rules file', /\brules\/[a-z-]+\.md\b|\.\.\/shared\b/],
];

describe('no history of the work in README.md and docs/', () => {
  for (const file of documentFiles())
    it(file, () => {
      const lines = readFileSync(file, 'utf8').split('\n');
      const found = lines.flatMap((line, i) => HISTORY.filter(([, re]) => re.test(line)).map(([what]) => `${file}:${i + 1}: ${what}: ${line}`));
      expect(found).toEqual([]);
    });

  it('the patterns catch what they are for', () => {
    for (const line of ['measured in the twelfth session', 'fixed in issue 15', 'CPU 0.34 → 0.15 s before and after', 'tried and left out: zod/mini', 'see rules/hott.md'])
      expect(HISTORY.some(([, re]) => re.test(line)), line).toBe(true);
  });
});
