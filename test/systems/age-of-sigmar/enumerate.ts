/**
 * The independent witness for Age of Sigmar: every die of a small scenario walked in rule order,
 * written from rules/age-of-sigmar.md alone — the attack sequence (§4.2, 17.0), critical hits and
 * the weapon abilities (§5, 20.0), modifier caps (§2.3, 17.1), re-rolls (§2.1), the damage pool,
 * the ward per point (§4.3, 18.1) and allocation one point at a time (18.2–18.4) — plus the
 * README's scenario format for what each field means. It reads the same JSON as `parse` and
 * imports nothing from src/: not the profile, not the tables, not the exact engine.
 *
 * Equal outcomes are merged as the walk goes (test/support/walk.ts); each attack's dice are walked
 * once per weapon, since every attack of one weapon rolls the same dice (17.3, §2.6).
 */
import { type Weights, add, bind, certain, diceTotal, die, map, probability, repeat } from '../../support/walk.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw scenario JSON */
type Json = any;

export interface Enumerated {
  damage: Weights;
  slain: Weights;
  destroyed: number;
}

/** D3: roll one D6, halve it and round up (§2.1). */
const d3 = (): Weights => map(die(6), (face) => Math.ceil(face / 2));
const dice = (expr: string | number) => diceTotal(expr, d3);

/** "4+", 4 → 4; "none" / "-" → null. */
function target(value: Json): number | null {
  if (value === undefined || value === 'none' || value === '-') return null;
  return Number(String(value).replace('+', ''));
}

const kebab = (text: string) => text.trim().toLowerCase().replace(/\s+/g, '-');

/** One D6 with its re-roll (§2.1): re-rolled at most once, the new face is the unmodified roll. */
function rolled(policy: string, fails: (face: number) => boolean): Weights {
  return bind(die(6), (face) => ((policy === 'ones' && face === 1) || (policy === 'failed' && fails(face)) ? die(6) : certain(face)));
}

export function enumerateAos(input: Json): Enumerated {
  const attacker = input.attacker;
  const defender = input.target;
  const sit = { ability: 'fight', pack: 'core', 'six-always-hits': true, 'rend-in-save-cap': true, 'crit-2-hits-damage': 'per-hit', ...(input.situation ?? {}) };
  const keywords = new Set<string>((defender.keywords ?? []).map(kebab));

  // The damage pool of the ability (§4.2 step 4, 17.2): every attack of every weapon, plus mortal damage.
  let pool = certain(0);
  if (sit.ability === 'fight' || sit.ability === 'shoot') {
    for (const weapon of attacker.weapons ?? []) {
      const type = weapon.type ?? 'melee';
      // Fight uses melee weapons (16.0); Shoot ranged ones, only Shoot in Combat ones while engaged (14.2).
      if (sit.ability === 'fight' ? type !== 'melee' : type !== 'ranged') continue;
      const abilities = (weapon.abilities ?? []).map((a: string) => a.trim().toLowerCase());
      if (sit.ability === 'shoot' && sit.engaged && !abilities.includes('shoot-in-combat')) continue;
      pool = add(pool, weaponPool(weapon, abilities));
    }
  } else pool = add(pool, mortalAbility(sit.ability));

  // Ward (18.1): one D6 per point of the pool, each X+ removes the point; only the best ward counts;
  // Mystic Shield gives WARD (6+) (§6).
  const wards = [target(defender.ward), sit['mystic-shield'] ? 6 : null].filter((w): w is number => w !== null);
  const ward = wards.length ? Math.min(...wards) : null;
  const perPoint = ward === null ? certain(1) : map(die(6), (face) => (face >= ward ? 0 : 1));
  const damage = bind(pool, (points) => repeat(perPoint, points));

  // Allocation (18.2–18.4): one point at a time onto the counter; at Health a model is slain and the
  // counter goes back to 0; once the last model is slain the rest of the pool has no effect.
  const models: number = defender.models;
  const health: number = defender.health;
  const slainBy = (points: number): number => {
    let counter = defender.damaged ?? 0;
    let slain = 0;
    for (let i = 0; i < points && slain < models; i++)
      if (++counter === health) {
        slain++;
        counter = 0;
      }
    return slain;
  };
  const slain = map(damage, slainBy);
  return { damage, slain, destroyed: probability(slain, (s) => s === models) };

  /** The pool from every attack of one weapon profile. */
  function weaponPool(weapon: Json, abilities: string[]): Weights {
    const companion = abilities.includes('companion');
    const carriers: number = weapon.models ?? attacker.models;
    // Champion (Miniaturas de mando 1.0, A5): +1 Attacks on the Champion's weapons, never Companion;
    // CHAMPION gives one Champion, CHAMPION (1/10) one per 10 models. README: by default the
    // Champion uses a weapon every model carries; `champion: true/false` says so explicitly.
    const unitKeywords: string[] = (attacker.keywords ?? []).map(kebab);
    const unitChampions = unitKeywords.includes('champion') ? 1 : unitKeywords.includes('champion(1/10)') ? Math.floor(attacker.models / 10) : 0;
    const champions =
      weapon.champion === true ? Math.min(unitChampions, weapon.models ?? unitChampions) : weapon.champion === false || companion || carriers !== attacker.models ? 0 : unitChampions;
    // Cornered Rat (Clawlord sheet, §6, A10): +3 Attacks while the unit is damaged at declaration.
    const rat = abilities.includes('cornered-rat') && (attacker.damaged ?? 0) > 0 ? 3 : 0;
    const oneAttack = attack(weapon, abilities, companion);
    // Random Attacks are rolled separately for each model (26.0); each attack adds to the pool.
    let total = certain(0);
    for (let model = 0; model < carriers; model++) {
      const bonus = rat + (model < champions ? 1 : 0);
      total = add(total, bind(dice(weapon.attacks), (n) => repeat(oneAttack, n + bonus)));
    }
    return total;
  }

  /** Every outcome of one attack (17.0 steps 1–4 and the Crit abilities of 20.0): damage to the pool. */
  function attack(weapon: Json, abilities: string[], companion: boolean): Weights {
    // Companion (20.0, A4): friendly abilities are ignored, except (core wording) negative modifiers.
    const friendly = (m: number) => (!companion ? m : m < 0 && sit.pack === 'core' ? m : 0);
    const clamp = (sum: number) => Math.max(-1, Math.min(1, sum)); // 17.1: sum first, then clamp
    let hitSum = friendly(sit['hit-modifier'] ?? 0);
    if (sit.cover && !sit['target-charged'] && !keywords.has('fly')) hitSum -= 1; // Cover, Terreno 1.2, A12
    if (sit['guarded-hero']) hitSum -= 1; // Guarded Hero, 25.0
    if (sit['all-out-attack']) hitSum += 1; // Órdenes 6.0, Companion included
    if (sit['covering-fire']) hitSum -= 1; // Órdenes 4.0, a negative modifier
    const hitMod = clamp(hitSum);
    const woundMod = clamp(friendly(sit['wound-modifier'] ?? 0));
    // Rend plus Anti-X: +1 for each different Anti ability the target meets (20.0, Rule of One 5.3).
    const antis = new Set(abilities.filter((a) => a.startsWith('anti-')).map((a) => a.replace(/\(.*$/, '').slice(5)));
    let rend = weapon.rend === undefined || weapon.rend === '-' ? 0 : Number(weapon.rend);
    for (const x of antis) if (x === 'charge' ? sit['target-charged'] : keywords.has(x)) rend += 1;
    const saveMods = (sit['all-out-defence'] ? 1 : 0) + (sit['save-modifier'] ?? 0);
    const saveMod = sit['rend-in-save-cap'] ? Math.min(1, saveMods - rend) : Math.min(1, saveMods) - rend; // 17.1, A2
    const save = target(defender.save);
    const hit = target(weapon.hit)!;
    const wound = target(weapon.wound)!;
    const crit = abilities.find((a) => a.startsWith('crit-')) ?? 'none';
    const chargeBonus = sit.charged && abilities.some((a) => a.startsWith('charge')) ? 1 : 0;
    const hitReroll = companion ? 'none' : (sit['reroll-hit'] ?? 'none');
    const woundReroll = companion ? 'none' : (sit['reroll-wound'] ?? 'none');

    // A hit, wound or save roll succeeds when the unmodified die is not 1 and die + modifier ≥ target (17.0).
    const passes = (u: number, need: number, mod: number) => u !== 1 && u + mod >= need;
    // Damage: rolled, then Charge (+1 Damage) added (27.0).
    const damage = map(dice(weapon.damage), (d) => d + chargeBonus);
    // 1 when a save roll fails (the attack is successful), 0 when it is saved.
    const unsaved = save === null ? certain(1) : map(rolled(sit['reroll-save'] ?? 'none', (u) => !passes(u, save, saveMod)), (u) => (passes(u, save, saveMod) ? 0 : 1));
    const wounds = map(rolled(woundReroll, (u) => !passes(u, wound, woundMod)), (u) => (passes(u, wound, woundMod) ? 1 : 0));
    /** A wounding hit: save roll, then Damage. */
    const afterWound = bind(unsaved, (through) => (through ? damage : certain(0)));
    /** A hit: wound roll, save roll, Damage (steps 2–4). */
    const afterHit = bind(wounds, (w) => (w ? afterWound : certain(0)));
    // Crit (2 Hits), A3: each hit rolls its own Damage, or one Damage roll is shared.
    const twoHits =
      sit['crit-2-hits-damage'] === 'shared'
        ? bind(
            add(
              bind(wounds, (w) => (w ? unsaved : certain(0))),
              bind(wounds, (w) => (w ? unsaved : certain(0))),
            ),
            (through) => (through === 0 ? certain(0) : map(damage, (d) => through * d)),
          )
        : add(afterHit, afterHit);

    // Step 1, the hit roll: an unmodified 6 is a critical hit, a success even when the modified roll
    // misses in the recommended reading of A1.
    const isCrit = (u: number) => u === 6 && (passes(u, hit, hitMod) || sit['six-always-hits']);
    const isHit = (u: number) => passes(u, hit, hitMod) || isCrit(u);
    return bind(
      rolled(hitReroll, (u) => !isHit(u)),
      (u) => {
        if (!isHit(u)) return certain(0);
        if (isCrit(u) && crit === 'crit-mortal') return damage; // mortal damage equal to Damage
        if (isCrit(u) && crit === 'crit-auto-wound') return afterWound; // no wound roll
        if (isCrit(u) && crit === 'crit-2-hits') return twoHits;
        return afterHit;
      },
    );
  }

  /** Mortal damage without a weapon (§4.4, §6, §7). */
  function mortalAbility(ability: string): Weights {
    switch (ability) {
      case 'retreat': // 14.1: D3 mortal damage on the retreating unit
      case 'power-through': // Órdenes 8.0: D3 mortal damage
        return dice('D3');
      case 'place-of-power': // Terreno 1.2: on a 1 the hero suffers D3 mortal damage
        return bind(die(6), (u) => (u === 1 ? dice('D3') : certain(0)));
      case 'miscast': // two unmodified 1s on the 2D6 casting roll: D3 mortal damage on the wizard
        return bind(die(6), (a) => bind(die(6), (b) => (a === 1 && b === 1 ? dice('D3') : certain(0))));
      case 'boing-boing-boing': // one D6 per model, each 4+ inflicts 1 mortal damage
        return repeat(map(die(6), (u) => (u >= 4 ? 1 : 0)), attacker.models);
      default:
        throw new Error(`enumerateAos: ability '${ability}' is not modelled`);
    }
  }
}
