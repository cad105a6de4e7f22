/**
 * The fast Monte Carlo kernel of the generic pipeline, for the scenarios it fits
 * (`kernelFits`): one weapon profile whose hit and wound rolls (with their modifiers, re-rolls and
 * criticals) decide each attack alone — a critical hit may give further hits, hit automatically
 * on to the save or inflict mortal damage instead; a critical wound may add rend or inflict
 * mortal damage instead — with Damage not re-rolled, and the excess damage of a packet either
 * spilling over or lost. simulate.ts runs every other scenario die by die; both agree (test/
 * systems/generic-kernel.test.ts).
 *
 * This is the hot loop the bench measures, so:
 * - the dice of one attack — hit, its re-roll, wound, its re-roll, save — are the base-6 digits
 *   of one draw of the inline sfc32 generator (its state in locals, the recurrence of
 *   core/rng.ts). A draw becomes an index over the 6^k combinations of k faces by Lemire's
 *   multiply-and-reject (`lemireReject`, core/rng.ts; the rejection test on the low 32 bits of
 *   the product, Math.imul's), so every combination has probability exactly 6^-k. A re-roll die is read only when the rule
 *   calls for a re-roll; drawing it with the others changes no probability.
 * - what the rules make of each combination of faces is worked out once per scenario, by the
 *   same rule steps applied to every combination (`attackTable`), so the loop looks the attack
 *   up instead of branching on every die. With a fixed Damage, no ward and no mortal wounds,
 *   every unsaved wound is the same packet and the loop only counts them; then the faces of
 *   several attacks come from one draw (`group`), and the table holds their sum.
 * - rarer steps — a critical hit's further hits, damage and mortal dice, the ward, rolled
 *   attack counts — roll one die at a time on the Rng object.
 */
import { MAX_DICE_PER_DRAW, Rng, SIX_TO_THE_TEN, TEN_D6_LIMIT, THREE_TO_THE_TEN, lemireReject } from '../../core/rng.js';
import type { Reroll } from '../../core/d6.js';
import { flat, rollFlat } from '../../core/flat-dice.js';
import type { Tally } from '../../sim/tally.js';
import type { GenericScenario, Profile } from './schema.js';
import { rollNeeded, rollSucceeds, saveNeeded, wardNeeded } from './tables.js';

/**
 * Whether the kernel simulates this scenario: one profile; no Damage re-roll; a critical hit
 * without extra hit rolls, extra mortal damage or bonuses to its own wound; a critical wound
 * without extra mortal damage or extra Damage; no mortal-spill-over (the kernel's packets do not
 * say which damage is mortal).
 */
export function kernelFits(s: GenericScenario): boolean {
  if (s.profiles.length !== 1 || s.situation.allocation === 'mortal-spill-over') return false;
  const p = s.profiles[0];
  const hc = p.hitCrit;
  const wc = p.woundCrit;
  return (
    p.reroll.damage.kind === 'none' &&
    (hc === null || (hc.extraHitRolls === null && hc.extraMortal === null && hc.extraRend === 0 && hc.extraDamage === 0)) &&
    (wc === null || (wc.extraMortal === null && wc.extraDamage === 0))
  );
}

/** Results of one packet (one hit after its wound and save rolls) in the tables. */
const UNSAVED = 1; // an unsaved wound: roll its damage
const MORTAL = 2; // a critical wound that inflicts mortal damage
/** Further flags of an attack. */
const CRIT_HIT = 4; // a critical hit: its further hits follow
const CRIT_PACKET = 8; // ... whose own packet is not an ordinary hit (auto-wound, mortal)

/** Everything the loop needs, worked out once per scenario. */
interface Plan {
  /** Digits (dice) per attack, table over 6^dice combinations, and its rejection threshold. */
  attackDice: number;
  attackTable: Uint8Array;
  attackSize: number;
  attackReject: number;
  /** The same for one further hit of a critical hit (wound, re-roll, save). */
  packetTable: Uint8Array;
  packetSize: number;
  packetReject: number;
  /** Count mode: unsaved wounds + 16 × critical hits of one attack, and of `group` attacks per draw. */
  countOnly: boolean;
  countTable: Uint8Array;
  group: number;
  groupTable: Uint8Array;
  groupSize: number;
  groupReject: number;
}

const plans = new WeakMap<GenericScenario, Plan>();
/** Short runs before the first real one (V8 allocates type feedback after 8 calls). */
const PRIMING_CALLS = 12;
const PRIMING_SAMPLES = 64;

/** `n` samples of a scenario that `kernelFits`. */
export function simulateWithTables(s: GenericScenario, rng: Rng, n: number, tally: Tally): void {
  let plan = plans.get(s);
  if (!plan) {
    plan = planOf(s);
    plans.set(s, plan);
    // A few short runs on a throwaway generator and tally first. V8 records type feedback only
    // once a function has been called several times; without these calls it optimises the loop
    // during the first long call, before the closing `rng.save` ever ran with feedback, and
    // every chunk then ends in a deoptimisation (about twice slower). Recording into a
    // scratch tally of the same class settles the tally's fields before the loop is optimised
    // (else V8 threw its first optimised code away as "dependency change").
    const Scratch = tally.constructor as new () => Tally;
    for (let i = 0; i < PRIMING_CALLS; i++) runSamples(s, plan, new Rng(1, 2, 3, i), PRIMING_SAMPLES, new Scratch());
  }
  runSamples(s, plan, rng, n, tally);
}

/**
 * The samples of one scenario, through the loop of its mode: count mode and packet mode are
 * separate functions, so each keeps its own type feedback and optimised code (one shared
 * loop, optimised for a packet-mode scenario, ran a count-mode scenario after it three times slower).
 */
function runSamples(s: GenericScenario, plan: Plan, rng: Rng, n: number, tally: Tally): void {
  if (plan.countOnly) runCounts(s, plan, rng, n, tally);
  else runPackets(s, plan, rng, n, tally);
}

/** One sample's result into the tally: the damage (capped at the unit), models slain, destroyed. */
function record(tally: Tally, spill: boolean, capped: boolean, health: number, targetModels: number, total: number, slain: number, current: number): void {
  if (spill) {
    const wounds = targetModels * health;
    const damage = capped && total > wounds ? wounds : total;
    const dead = Math.floor(damage / health);
    if (capped) tally.record(damage, dead, total >= wounds);
    else if (health > 1) tally.record(damage, dead);
    else tally.record(damage);
  } else if (capped) tally.record(slain * health + current, slain, slain === targetModels);
  else if (health > 1) tally.record(slain * health + current, slain);
  else tally.record(slain * health + current);
}

/**
 * Count mode: a fixed Damage, no ward, no mortal wounds and no special critical packet: every
 * unsaved wound is the same packet, so only their number matters. The tables count unsaved wounds
 * (low 4 bits) and critical hits (above), whose further hits roll on the packet table.
 */
function runCounts(s: GenericScenario, plan: Plan, rng: Rng, n: number, tally: Tally): void {
  const A = s.profiles[0];
  const attackDice = flat(A.attacks);
  const damageDice = flat(A.damage);
  const models = A.models;
  // A critical hit's further hits: a fixed number, or dice (extraHitsDice) when it is -1.
  const extraHitsDice = flat(A.hitCrit?.extraHits ?? null);
  const extraHits = extraHitsDice.count === 0 ? extraHitsDice.modifier : -1;
  const health = s.target.health;
  const targetModels = s.target.models ?? Number.MAX_SAFE_INTEGER;
  const capped = s.target.models !== null;
  const spill = s.situation.allocation === 'spill-over';
  const fixedDamage = damageDice.modifier;
  const { packetTable, countTable, groupTable } = plan;
  // Sizes in int32 locals: V8 otherwise unboxes the plan's fields again on every draw.
  const attackSize = plan.attackSize | 0;
  const attackReject = plan.attackReject | 0;
  const packetSize = plan.packetSize | 0;
  const packetReject = plan.packetReject | 0;
  const group = plan.group | 0;
  const groupSize = plan.groupSize | 0;
  const groupReject = plan.groupReject | 0;
  const SCALE = 2.3283064365386963e-10; // 2^-32, a literal (an imported constant is read through its module cell)

  let a = rng.a | 0;
  let b = rng.b | 0;
  let c = rng.c | 0;
  let d = rng.d | 0;
  let t = 0;
  let x = 0; // the table index it gives

  for (let sample = 0; sample < n; sample++) {
    let attacks = 0;
    if (attackDice.count === 0) attacks = models * attackDice.modifier;
    else {
      rng.save(a, b, c, d);
      for (let m = 0; m < models; m++) attacks += rollFlat(attackDice, rng);
      a = rng.a; b = rng.b; c = rng.c; d = rng.d;
    }
    let total = 0; // damage points through every save (spill-over)
    let slain = 0; // models removed (excess lost)
    let current = 0; // damage on the model being worked on (excess lost)
    let wounds = 0;
    let crits = 0;
    let k = 0;
    if (attackSize === 1) wounds = attacks * countTable[0];
    else {
      for (; k + group <= attacks; k += group) {
        do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; } while (Math.imul(t, groupSize) >>> 0 < groupReject); x = ((t >>> 0) * groupSize * SCALE) | 0;
        const v = groupTable[x];
        wounds += v & 15;
        crits += v >> 4;
      }
      for (; k < attacks; k++) {
        do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; } while (Math.imul(t, attackSize) >>> 0 < attackReject); x = ((t >>> 0) * attackSize * SCALE) | 0;
        const v = countTable[x];
        wounds += v & 15;
        crits += v >> 4;
      }
    }
    // A critical hit's further hits: each rolls to wound and to save (packet table).
    let further = crits * extraHits;
    if (extraHits < 0) {
      rng.save(a, b, c, d);
      further = 0;
      for (let i = 0; i < crits; i++) further += rollFlat(extraHitsDice, rng);
      a = rng.a; b = rng.b; c = rng.c; d = rng.d;
    }
    for (let h = further; h > 0; h--) {
      let v = packetTable[0];
      if (packetSize > 1) {
        do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; } while (Math.imul(t, packetSize) >>> 0 < packetReject); x = ((t >>> 0) * packetSize * SCALE) | 0;
        v = packetTable[x];
      }
      wounds += v & UNSAVED;
    }
    if (spill) total = wounds * fixedDamage;
    else if (fixedDamage > 0)
      for (let w = 0; w < wounds && slain < targetModels; w++) {
        current += fixedDamage;
        if (current >= health) {
          slain++;
          current = 0; // the excess of this packet is lost
        }
      }
    record(tally, spill, capped, health, targetModels, total, slain, current);
  }
  rng.save(a, b, c, d);
}

/** Packet mode: each packet dealt in turn (its damage, the ward per point, the allocation). */
function runPackets(s: GenericScenario, plan: Plan, rng: Rng, n: number, tally: Tally): void {
  const A = s.profiles[0];
  const attackDice = flat(A.attacks);
  const damageDice = flat(A.damage);
  const hitMortalDice = flat(A.hitCrit?.mortal ?? null);
  const woundMortalDice = flat(A.woundCrit?.mortal ?? null);
  const models = A.models;
  // A critical hit's further hits: a fixed number, or dice (extraHitsDice) when it is -1.
  const extraHitsDice = flat(A.hitCrit?.extraHits ?? null);
  const extraHits = extraHitsDice.count === 0 ? extraHitsDice.modifier : -1;
  const critHitMortal = A.hitCrit?.mortal != null;
  const ward = wardNeeded(s);
  const critSave = saveNeeded(s, A, 0);
  const health = s.target.health;
  const targetModels = s.target.models ?? Number.MAX_SAFE_INTEGER;
  const capped = s.target.models !== null;
  const spill = s.situation.allocation === 'spill-over';
  const fixedDamage = damageDice.count === 0 ? damageDice.modifier : -1;
  const { attackTable, packetTable } = plan;
  const attackSize = plan.attackSize | 0;
  const attackReject = plan.attackReject | 0;
  const packetSize = plan.packetSize | 0;
  const packetReject = plan.packetReject | 0;
  const SCALE = 2.3283064365386963e-10; // 2^-32 (see runCounts)
  // The draw of ten faces (core/rng.ts tenFaces), its constants in locals for the same reason.
  const tenLimit = TEN_D6_LIMIT >>> 0;
  const threeToTen = THREE_TO_THE_TEN | 0;
  const sixToTen = SIX_TO_THE_TEN | 0;

  let a = rng.a | 0;
  let b = rng.b | 0;
  let c = rng.c | 0;
  let d = rng.d | 0;
  let t = 0;
  let u = 0;
  let x = 0; // the table index it gives
  let fb = rng.faces; // faces not yet read of the Rng's last draw of ten (core/rng.ts d6)
  let fl = rng.facesLeft;

  for (let sample = 0; sample < n; sample++) {
    let attacks = 0;
    if (attackDice.count === 0) attacks = models * attackDice.modifier;
    else {
      rng.save(a, b, c, d);
      rng.faces = fb;
      rng.facesLeft = fl;
      for (let m = 0; m < models; m++) attacks += rollFlat(attackDice, rng);
      a = rng.a; b = rng.b; c = rng.c; d = rng.d;
      fb = rng.faces;
      fl = rng.facesLeft;
    }
    let total = 0; // damage points through every save (spill-over)
    let slain = 0; // models removed (excess lost)
    let current = 0; // damage on the model being worked on (excess lost)

    for (let k = 0; k < attacks; k++) {
      let result = attackTable[0];
      if (attackSize > 1) {
        do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; } while (Math.imul(t, attackSize) >>> 0 < attackReject); x = ((t >>> 0) * attackSize * SCALE) | 0;
        result = attackTable[x];
      }
      if (result === 0) continue;
      // packets: this attack's first packet, then a critical hit's further hits.
      let further = 0;
      if ((result & CRIT_HIT) !== 0) {
        further = extraHits;
        if (extraHits < 0) {
          rng.save(a, b, c, d);
          rng.faces = fb;
          rng.facesLeft = fl;
          further = rollFlat(extraHitsDice, rng);
          a = rng.a; b = rng.b; c = rng.c; d = rng.d;
          fb = rng.faces;
          fl = rng.facesLeft;
        }
      }
      for (let h = 0; h <= further; h++) {
        let packet = result;
        if (h > 0) {
          packet = packetTable[0];
          if (packetSize > 1) {
            do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; } while (Math.imul(t, packetSize) >>> 0 < packetReject); x = ((t >>> 0) * packetSize * SCALE) | 0;
            packet = packetTable[x];
          }
        }
        let points = 0;
        const critPacket = h === 0 && (result & CRIT_PACKET) !== 0;
        if (!critPacket && (packet & (MORTAL | UNSAVED)) === 0) continue;
        if (!critPacket && (packet & MORTAL) === 0 && fixedDamage >= 0 && ward > 6) points = fixedDamage;
        else {
          // The packet's dice, read from the Rng's faces kept in locals (fb, fl: the faces
          // rng.d6() would read, in the same order): its damage or mortal damage, then the ward.
          let dice = damageDice;
          let saved = false;
          if (critPacket) {
            // The critical hit's own packet: mortal damage, or an automatic wound (save next).
            if (critHitMortal) dice = hitMortalDice;
            else if (critSave <= 6) {
              // The automatic wound's save roll (rare: on the Rng object); a natural 1 always fails.
              rng.save(a, b, c, d);
              rng.faces = fb;
              rng.facesLeft = fl;
              u = rng.d6();
              a = rng.a; b = rng.b; c = rng.c; d = rng.d;
              fb = rng.faces;
              fl = rng.facesLeft;
              saved = u >= critSave && u !== 1;
            }
          } else if ((packet & MORTAL) !== 0) dice = woundMortalDice;
          if (saved) points = 0;
          else if (dice.count === 0) points = dice.modifier > 0 ? dice.modifier : 0;
          else {
            // rollFlat's dice (core/flat-dice.ts): each die a face (a D3 is a D6 halved, rounding up).
            let sum = 0;
            let hi = 0;
            let lo = 7;
            for (let i = 0; i < dice.count; i++) {
              if (fl === 0) {
                do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= tenLimit);
                fb = (u - Math.imul(((u >>> 10) / threeToTen) | 0, sixToTen)) | 0;
                fl = 10;
              }
              const rest = (fb / 6) | 0;
              let face = fb - rest * 6 + 1;
              fb = rest;
              fl--;
              if (dice.sides === 3) face = (face + 1) >> 1;
              sum += face;
              if (face > hi) hi = face;
              if (face < lo) lo = face;
            }
            if (dice.discard === 1) sum -= hi;
            else if (dice.discard === 2) sum -= lo;
            sum += dice.modifier;
            points = sum > 0 ? sum : 0;
          }
          // Ward: each point of damage is rolled for separately, kept on a roll below the ward.
          if (ward <= 6 && points > 0) {
            let kept = 0;
            for (let p = 0; p < points; p++) {
              if (fl === 0) {
                do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= tenLimit);
                fb = (u - Math.imul(((u >>> 10) / threeToTen) | 0, sixToTen)) | 0;
                fl = 10;
              }
              const rest = (fb / 6) | 0;
              if (fb - rest * 6 + 1 < ward) kept++;
              fb = rest;
              fl--;
            }
            points = kept;
          }
        }
        if (points === 0) continue;
        if (spill) total += points;
        else if (slain < targetModels) {
          current += points;
          if (current >= health) {
            slain++;
            current = 0; // the excess of this packet is lost
          }
        }
      }
    }
    record(tally, spill, capped, health, targetModels, total, slain, current);
  }
  rng.save(a, b, c, d);
  rng.faces = fb;
  rng.facesLeft = fl;
}

// ---- the tables: the rule steps applied to every combination of faces -------------------------

type Stage = { target: number; modifier: number; reroll: Reroll; critOn: number };

/** A roll that succeeds: a critical, or the face with its modifier (an unmodified 1 fails, a 6 succeeds). */
function succeeds(stage: Stage, face: number): boolean {
  return face >= stage.critOn || rollSucceeds(face, stage.target, stage.modifier);
}

/** Dice a roll uses: none when it always succeeds, two with a re-roll, else one. */
function diceOf(stage: Stage): number {
  return stage.target <= 1 ? 0 : stage.reroll === 'none' ? 1 : 2;
}

/**
 * The final face of a roll, read from its dice in order (a re-roll replaces the first face when
 * the policy calls for it): `ones` re-rolls a 1, `failed` a failed roll, `all` every roll that
 * is not a critical.
 */
function finalFace(stage: Stage, first: number, second: number): number {
  // A critical is a success, so 'failed' never re-rolls it, even below the target.
  const again =
    stage.reroll === 'ones'
      ? first === 1
      : stage.reroll === 'failed'
        ? !succeeds(stage, first)
        : stage.reroll === 'all'
          ? first < stage.critOn
          : false;
  return again ? second : first;
}

/** What the rules make of one packet's faces: wound (with its re-roll) and save. */
function packetResult(s: GenericScenario, p: Profile, wound: Stage, faces: number[]): number {
  let rend = 0;
  if (wound.target > 1) {
    const face = finalFace(wound, faces[0], faces[1]);
    if (!succeeds(wound, face)) return 0;
    if (face >= wound.critOn) {
      if (p.woundCrit!.mortal) return MORTAL;
      rend = p.woundCrit!.extraRend;
    }
  }
  const needed = saveNeeded(s, p, rend);
  if (needed <= 6) {
    const face = faces[diceOf(wound)];
    if (face >= needed && face !== 1) return 0; // saved; a natural 1 always fails
  }
  return UNSAVED;
}

/** An attack whose hit roll fails (in the hit table; the attack table holds 0 for it). */
const MISS = -1;

/** What the rules make of one attack's hit dice (with its re-roll): MISS, or the flags of a hit. */
function hitResult(p: Profile, hit: Stage, faces: number[]): number {
  if (hit.target <= 1) return 0;
  const face = finalFace(hit, faces[0], faces[1]);
  if (!succeeds(hit, face)) return MISS;
  const crit = p.hitCrit;
  return face >= hit.critOn ? CRIT_HIT | (crit!.autoWound || crit!.mortal ? CRIT_PACKET : 0) : 0;
}

/** The faces of combination x of `dice` dice (digit i = face of die i, minus 1). */
function facesOf(x: number, dice: number): number[] {
  const faces: number[] = [];
  for (let i = 0, y = x; i < dice; i++, y = Math.floor(y / 6)) faces.push((y % 6) + 1);
  return faces;
}

/**
 * The tables are built from small ones: the rule steps run only over the hit dice (at most 36
 * combinations) and over a packet's dice (at most 216), and the larger tables combine those
 * entries, since an attack's hit dice are its low digits and its packet's dice the next ones, and
 * the attacks of one draw follow one another in the same way. Building them costs each worker
 * thread well under a millisecond, with nothing for V8 to compile (thread scaling: the
 * same tables built by calling the rule steps on every combination of up to 6 dice were compiled
 * three times in each thread).
 */
function planOf(s: GenericScenario): Plan {
  const A = s.profiles[0];
  const hit: Stage = { target: rollNeeded(A.hit), modifier: A.hitModifier, reroll: A.reroll.hit, critOn: A.hitCrit?.on ?? 7 };
  const wound: Stage = { target: rollNeeded(A.wound), modifier: A.woundModifier, reroll: A.reroll.wound, critOn: A.woundCrit?.on ?? 7 };
  // A save die whenever some wound can be saved (a critical wound's rend may leave none).
  const saveDice = saveNeeded(s, A, 0) <= 6 ? 1 : 0;
  const hitDice = diceOf(hit);
  const packetDice = diceOf(wound) + saveDice;
  const attackDice = hitDice + packetDice;
  const packetTable = new Uint8Array(6 ** packetDice);
  for (let x = 0; x < packetTable.length; x++) packetTable[x] = packetResult(s, A, wound, facesOf(x, packetDice));
  const hitFlags: number[] = [];
  for (let h = 0; h < 6 ** hitDice; h++) hitFlags.push(hitResult(A, hit, facesOf(h, hitDice)));
  const attackTable = byPacket(hitFlags, packetTable, attackEntry);
  const countOnly =
    A.damage.count === 0 && wardNeeded(s) > 6 && !A.hitCrit?.autoWound && !A.hitCrit?.mortal && !A.woundCrit?.mortal;
  const group = attackDice === 0 ? 1 : Math.max(1, Math.floor(MAX_DICE_PER_DRAW / attackDice));
  // Count mode: the count of each attack, then summed over `group` attacks (the first attack's
  // dice are the low digits of the draw's index).
  const countTable = countOnly ? byPacket(hitFlags, packetTable, (flags, packet) => countOf(attackEntry(flags, packet))) : attackTable;
  let groupTable = countTable;
  for (let g = 1; g < group && countOnly; g++) groupTable = followedBy(countTable, groupTable);
  return {
    attackDice,
    attackTable,
    attackSize: attackTable.length,
    attackReject: lemireReject(attackTable.length),
    packetTable,
    packetSize: packetTable.length,
    packetReject: lemireReject(packetTable.length),
    countOnly,
    countTable,
    group,
    groupTable,
    groupSize: groupTable.length,
    groupReject: lemireReject(groupTable.length),
  };
}

/** An attack's entry: nothing when it missed; its critical hit's own packet; or its hit and first packet. */
function attackEntry(flags: number, packet: number): number {
  return flags === MISS ? 0 : (flags & CRIT_PACKET) !== 0 ? flags : flags | packet;
}

/** Count mode's entry of an attack: unsaved wounds + 16 × critical hits. */
function countOf(entry: number): number {
  return (entry & UNSAVED) + ((entry & CRIT_HIT) !== 0 ? 16 : 0);
}

/**
 * The table over an attack's dice, its hit dice the low digits: for each packet combination, a
 * row over the hit combinations, made once per distinct packet entry and copied (the tables are
 * built in every worker thread, so no long loop for V8 to compile).
 */
function byPacket(hitFlags: number[], packetTable: Uint8Array, entry: (flags: number, packet: number) => number): Uint8Array {
  const size = hitFlags.length;
  const table = new Uint8Array(size * packetTable.length);
  const rows: Uint8Array[] = [];
  for (let q = 0; q < packetTable.length; q++) {
    const packet = packetTable[q];
    rows[packet] ??= Uint8Array.from(hitFlags, (flags) => entry(flags, packet));
    table.set(rows[packet], size * q);
  }
  return table;
}

/** The counts of one attack (the low digits) followed by those of the attacks of `rest`, summed (rows copied as above). */
function followedBy(first: Uint8Array, rest: Uint8Array): Uint8Array {
  const size = first.length;
  const table = new Uint8Array(size * rest.length);
  const rows: Uint8Array[] = [];
  for (let r = 0; r < rest.length; r++) {
    const count = rest[r];
    rows[count] ??= first.map((c) => c + count);
    table.set(rows[count], size * r);
  }
  return table;
}

