/**
 * `warodds units --template SYSTEM`: a complete unit file of each rule set with units. Checked
 * independently of the template's own text: it reads as a unit file through the same reader as
 * the user's files (comments and all) and validates on every side the rule set allows; it names
 * every field of the rule set's unit schema; and a copy loads with --units.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unitFromJson } from '../../src/analysis/units.js';
import { templatePath, unitTemplate } from '../../src/analysis/unit-template.js';
import { blankLineComments } from '../../src/core/json-comments.js';
import { readJsonFile } from '../../src/json-file.js';
import { findSystem } from '../../src/systems/registry.js';
import { unitSchema as ageOfSigmar } from '../../src/systems/age-of-sigmar/schema.js';
import { unitSchema as hott } from '../../src/systems/hott/schema.js';
import { unitSchema as kingsOfWar } from '../../src/systems/kings-of-war/schema.js';
import { unitSchema as ninthAge } from '../../src/systems/ninth-age/schema.js';
import { unitSchema as warhammerFantasy } from '../../src/systems/warhammer-fantasy/schema.js';
import { warodds } from '../cli/helpers.js';

const SCHEMAS = { 'ninth-age': ninthAge, 'warhammer-fantasy': warhammerFantasy, 'kings-of-war': kingsOfWar, 'age-of-sigmar': ageOfSigmar, hott } as const;

describe('unit templates', () => {
  for (const [system, schema] of Object.entries(SCHEMAS))
    it(`${system}: reads as a valid unit and names every field`, () => {
      const raw = readJsonFile(templatePath(system as keyof typeof SCHEMAS), '--units');
      expect(() => unitFromJson(raw, 'template', findSystem(system), 'template.json')).not.toThrow();
      const text = unitTemplate(system as keyof typeof SCHEMAS);
      // Every field is there, with a comment on its line saying what it is.
      const lines = text.split('\n');
      for (const field of Object.keys(schema.shape)) {
        const line = lines.find((l) => l.includes(`"${field}":`));
        expect(line, `${system}: field ${field}`).toBeDefined();
        expect(line, `${system}: field ${field}`).toMatch(/\/\/ ?\S/);
      }
    });

  it('a copy of each loads with --units and answers a question', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warodds-template-'));
    for (const [system, short] of [['kings-of-war', 'kow'], ['ninth-age', 't9a'], ['warhammer-fantasy', 'whfb'], ['age-of-sigmar', 'aos'], ['hott', 'hott']]) {
      const r = await warodds(['units', '--template', short]);
      expect(r.code).toBe(0);
      mkdirSync(join(dir, system));
      writeFileSync(join(dir, system, 'mine.json'), r.stdout);
      const kills = await warodds(['kills', `${short}/mine`, '--units', dir, '--json']);
      expect(kills.stderr).toBe('');
      expect(kills.code, `${system}: ${kills.stderr}`).toBe(0);
    }
  });

  it('a rule set without unit files is one line, exit 2', async () => {
    const r = await warodds(['units', '--template', 'generic']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('warodds: --template: generic has no unit files (its attacks are given by flags or a scenario)\n');
  });
});

describe('// line comments in JSON files', () => {
  it('become spaces outside strings, so positions stay; inside a string they are text', () => {
    const text = '{ "a": "x // y", // a comment\n  "b": 1 // another\n}';
    const blanked = blankLineComments(text);
    expect(blanked).toHaveLength(text.length);
    expect(JSON.parse(blanked)).toEqual({ a: 'x // y', b: 1 });
    expect(blankLineComments('"\\\\" // c')).toBe('"\\\\"     ');
    expect(blankLineComments('"\\" // c"')).toBe('"\\" // c"');
  });
});
