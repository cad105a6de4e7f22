/**
 * `attack --stages` for Age of Sigmar: the exact distribution of each stage of the attack
 * sequence (17.0, rules file §4.2) over every weapon of the ability — attacks, hits that go on to
 * the wound roll, wounds that go on to the save, unsaved wounds, and the damage pool after the
 * ward (18.1), before it is allocated. Crit (Mortal) skips the wound and save rolls, so its hit
 * is counted in none of them (its damage is); Crit (2 Hits) is two hits; Crit (Auto-wound) is a
 * hit and a wound without a wound roll.
 */
import { binomial, bernoulli, compound, convolve, mixture, point, type Dist } from '../../core/dist.js';
import type { Stage } from '../types.js';
import { attackCount, chance, exactOutcome, finalFaces } from './exact.js';
import { type WeaponGroup, plan } from './profile.js';
import type { Scenario } from './schema.js';
import { CRIT, HIT, MISS } from './tables.js';

type Counted = 'hits' | 'wounds' | 'unsaved';

/** How many of one attack's hits reach the counted stage. */
function perAttack(g: WeaponGroup, stage: Counted): Dist {
  const hitFaces = finalFaces(g.hit, g.hitReroll);
  const pWound = chance(finalFaces(g.wound, g.woundReroll), g.wound, 1);
  const pUnsaved = chance(finalFaces(g.save, g.saveReroll), g.save, 0);
  // P(one hit that rolls to wound reaches the stage), and the same for a hit without a wound roll.
  const rolled = stage === 'hits' ? 1 : stage === 'wounds' ? pWound : pWound * pUnsaved;
  const autoWound = stage === 'unsaved' ? pUnsaved : 1;
  const crit =
    g.crit === 'mortal' ? point(0) : g.crit === 'two-hits' ? binomial(2, rolled) : bernoulli(g.crit === 'auto-wound' ? autoWound : rolled);
  return mixture([
    [chance(hitFaces, g.hit, MISS), point(0)],
    [chance(hitFaces, g.hit, HIT), bernoulli(rolled)],
    [chance(hitFaces, g.hit, CRIT), crit],
  ]);
}

export function aosStages(s: Scenario): Stage[] {
  const { groups } = plan(s);
  const sum = (f: (g: WeaponGroup) => Dist) => groups.reduce((total, g) => convolve(total, f(g)), point(0));
  const stage = (counted: Counted) => sum((g) => compound(attackCount(g), perAttack(g, counted)));
  return [
    { name: 'attacks', dist: sum(attackCount) },
    { name: 'hits', dist: stage('hits') },
    { name: 'wounds', dist: stage('wounds') },
    { name: 'unsaved wounds', dist: stage('unsaved') },
    // The pool after the ward is what the Age of Sigmar outcome calls damage (before allocation).
    { name: 'damage dealt', dist: exactOutcome(s).damage },
  ];
}
