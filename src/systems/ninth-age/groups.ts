/**
 * How many attacks each side makes and at which Initiative step (§4.2, §4.3, §5.1, §6): the attack
 * groups of a side, counted from its formation and the models still alive. Shared by both engines.
 */
import { type DiceExpr, parseDice } from '../../core/dice.js';
import type { Offence, ShootingSituation, SpecialHits, Unit } from './model.js';
import {
  type AttackProfile,
  type MeleeContext,
  hellfireHitProfile,
  lightningHitProfile,
  meleeProfile,
  specialProfile,
} from './profile.js';
import { type Troop, clampCharacteristic, isStompable, rankWidths, supportingAttacksPerModel } from './tables.js';

/** Total attacks = flat + the sum of `rolls` rolls of `dice`. */
export interface AttackCount {
  readonly flat: number;
  readonly dice: DiceExpr | null;
  readonly rolls: number;
}

/** One batch of simultaneous attacks of one side at one Initiative step. */
export interface AttackGroup {
  readonly label: string;
  readonly initiative: number;
  readonly profile: (alive: number) => AttackProfile;
  readonly count: (alive: number) => AttackCount;
}

/**
 * Models per rank after casualties from the rear rank (§4.3): rank k (1-based) of a unit of n
 * rank and file alive, a joined character in the front rank counted as the model it replaces.
 */
export function rankSize(unit: Unit, alive: number, k: number): number {
  return Math.max(0, Math.min(unit.files, alive + (unit.joined ?? 0) - (k - 1) * unit.files));
}

/**
 * Full ranks (Filas Completas) — §4.3: every rank of at least 5 models (3 for Monstrous Ranks, 1 for
 * Monster Ranks) is full, however wide the unit is, so a partial rear rank of 5+ counts. Free
 * Reform units and war machines count 0 (§7, §9).
 */
export function fullRanks(unit: Unit, alive: number): number {
  if (unit.morale.freeReform || unit.troop === 'war-machine') return 0;
  const width = rankWidths(unit.troop).full;
  let ranks = 0;
  while (rankSize(unit, alive, ranks + 1) >= width) ranks++;
  return ranks;
}

/**
 * The champion's WS: its unit's +1 (§10), printed, so a failed Fear test still sets it to 1
 * (§1.4, §12.6). It strikes with it and is struck at it once it stands alone (§4.5).
 */
export function championWs(unit: Unit, fearFailed: boolean): number {
  return fearFailed ? 1 : clampCharacteristic((unit.offence.fixedWs ?? unit.profile.ws) + 1);
}

/**
 * The champion stands alone: the rank and file `alive` are the champion only, who takes the wounds
 * beyond the other rank and file (§4.10).
 */
export function championAlone(unit: Unit, alive: number): boolean {
  return unit.champion && alive === 1;
}

/**
 * The standard bearer and the musician are upgraded rank-and-file models (§10, GRUPOS DE MANDO):
 * they stand while any rank and file but the champion does — the champion takes the wounds beyond
 * the other rank and file (§4.10), so a champion left alone carries no standard and no instrument.
 */
export function commandStands(unit: Unit, alive: number): boolean {
  return alive > (unit.champion ? 1 : 0);
}

/** Models of a unit in base contact with the enemy: its front rank, or the face it is engaged on. */
function modelsInContact(unit: Unit, alive: number, ctx: MeleeContext, facing: 'front' | 'flank' | 'rear'): number {
  if (alive === 0) return 0;
  // A joined character takes a front-rank place (§10); it strikes with its own profile
  if (ctx.enemyInFront || facing === 'front') return Math.max(0, rankSize(unit, alive, 1) - (unit.joined ?? 0));
  const ranks = Math.ceil(alive / unit.files);
  return facing === 'flank' ? ranks : rankSize(unit, alive, ranks);
}

/** Supporting models of the ranks behind the first (§4.3): spear, Fight in Extra Rank, Horde. */
function supportingModels(unit: Unit, alive: number): number {
  const horde = unit.files >= rankWidths(unit.troop).horde ? 1 : 0;
  const ranks = 1 + unit.extraRanks + horde;
  let n = 0;
  for (let k = 2; k <= 1 + ranks; k++) n += rankSize(unit, alive, k);
  return n;
}

/** The places a war machine admits attacking models to (War Machine Profile, §9). */
const WAR_MACHINE_PLACES = 6;

/** Places one attacking model takes at a war machine: a monstrous model 3, a monster 6, any other 1 (§9). */
function placesTaken(troop: Troop): number {
  if (troop === 'monster' || troop === 'ridden-monster') return 6;
  if (troop === 'monstrous-infantry' || troop === 'monstrous-beast' || troop === 'monstrous-cavalry') return 3;
  return 1;
}

/**
 * How many of a unit's models may attack the enemy: at a war machine, the models that fill its six
 * places (War Machine Profile, §9) — the owner picks the models with the most attacks first, so a
 * joined character fighting with the unit takes its places first, then the champion, the front rank
 * and the supporting ranks; any number otherwise.
 */
function admittedModels(unit: Unit, enemy: Unit): number {
  if (enemy.troop !== 'war-machine') return Infinity;
  const character = unit.joinedBy ? placesTaken(unit.joinedBy.troop) : 0;
  return Math.max(0, Math.floor((WAR_MACHINE_PLACES - character) / placesTaken(unit.troop)));
}

/** The attack groups of one side of a melee round against the enemy unit. */
export function meleeGroups(unit: Unit, enemy: Unit, ctx: MeleeContext, facing: 'front' | 'flank' | 'rear'): AttackGroup[] {
  const groups: AttackGroup[] = [];
  const admitted = admittedModels(unit, enemy);
  const contact = (alive: number) => Math.min(admitted, modelsInContact(unit, alive, ctx, facing));
  const o = unit.offence;
  const mainProfile = meleeProfile(o, ctx, enemy);
  const chargeBonus = (off: Offence) => (ctx.charged && off.devastatingCharge ? 1 : 0); // Devastating Charge (§7)
  const kingSlayer = o.kingSlayer && enemy.character ? 1 : 0;
  // Unmodified A0: no normal attacks (§4.3)
  if (unit.profile.a > 0 || o.randomAttacks) {
    const perModel = Math.min(10, unit.profile.a + o.bonusAttacks + chargeBonus(o) + kingSlayer);
    const support = supportingAttacksPerModel(unit.troop, unit.profile.a);
    // The champion fights in the front rank and is removed last (§4.10), so it stands while any model does.
    const champion = unit.champion && unit.attacks === null && !o.crushAttack && admitted > 0 ? 1 : 0;
    groups.push({
      label: 'attacks',
      initiative: o.crushAttack ? 0 : o.strikeInitiative,
      profile: () => mainProfile,
      count: (alive) => {
        if (alive === 0) return { flat: 0, dice: null, rolls: 0 };
        if (unit.attacks !== null) return { flat: unit.attacks, dice: null, rolls: 0 };
        const front = contact(alive) - champion;
        // Crush Attack: one attack, never as a supporting attack (§6)
        if (o.crushAttack) return { flat: front, dice: null, rolls: 0 };
        const supporting = ctx.enemyInFront ? Math.min(supportingModels(unit, alive), admitted - champion - front) * support : 0;
        // Random Attacks: roll X per model, add bonus attacks, ignore the printed A (A9)
        if (o.randomAttacks)
          return { flat: front * (o.bonusAttacks + chargeBonus(o)) + supporting, dice: o.randomAttacks, rolls: front };
        return { flat: front * perModel + supporting, dice: null, rolls: 0 };
      },
    });
    if (champion) {
      const championProfile = meleeProfile(o, { ...ctx, attackerWs: championWs(unit, ctx.fearFailed) }, enemy);
      groups.push({
        label: 'champion',
        initiative: o.strikeInitiative,
        profile: () => championProfile,
        count: (alive) => {
          if (alive === 0) return { flat: 0, dice: null, rolls: 0 };
          // Random Attacks ignore the printed A, the champion's +1 included (A9)
          if (o.randomAttacks) return { flat: o.bonusAttacks + chargeBonus(o), dice: o.randomAttacks, rolls: 1 };
          return { flat: Math.min(10, perModel + 1), dice: null, rolls: 0 };
        },
      });
    }
  }
  const mount = unit.mount;
  if (mount && (mount.a > 0 || mount.randomAttacks)) {
    // each part attacks with its own WS (§2, §4.2); a failed Fear test sets the whole unit's WS to 1 (§12.6)
    const mountWs = ctx.fearFailed ? 1 : (mount.fixedWs ?? mount.ws);
    const mountProfile = meleeProfile(mount, { ...ctx, attackerWs: mountWs }, enemy);
    const perModel = Math.min(10, mount.a + mount.bonusAttacks + chargeBonus(mount));
    // Mounts never make supporting attacks (Cavalry Support, §4.3)
    groups.push({
      label: 'mount attacks',
      initiative: mount.crushAttack ? 0 : mount.strikeInitiative,
      profile: () => mountProfile,
      count: (alive) => {
        const front = contact(alive);
        if (mount.crushAttack) return { flat: front, dice: null, rolls: 0 };
        if (mount.randomAttacks) return { flat: front * (mount.bonusAttacks + chargeBonus(mount)), dice: mount.randomAttacks, rolls: front };
        return { flat: front * perModel, dice: null, rolls: 0 };
      },
    });
  }
  const sp = unit.special;
  const special = (label: string, hits: SpecialHits, strength: (alive: number) => number) =>
    groups.push({
      label,
      initiative: hits.initiative,
      profile: (alive) => specialProfile(strength(alive), o.magical, enemy),
      count: (alive) => ({ flat: 0, dice: hits.hits, rolls: contact(alive) }),
    });
  const impact = ctx.charged && sp.impactHits !== null;
  if (impact && sp.impactHits) {
    // Impact Hits at I10, +1 S per full rank after the first (§6)
    const hits = sp.impactHits;
    special('impact hits', hits, (alive) => clampCharacteristic(hits.s + Math.max(0, fullRanks(unit, alive) - 1)));
  }
  // Stomp at I0, only against Infantry, War Beasts, Swarms and War Machines (§6)
  if (sp.stomp && isStompable(enemy.troop)) special('stomp', sp.stomp, () => sp.stomp!.s);
  // Grinding Attacks at the Initiative of the part that has them (a mount at its own I), not in a
  // round it made Impact Hits (§4.2, §6)
  if (sp.grindingAttacks && !impact) special('grinding attacks', sp.grindingAttacks, () => sp.grindingAttacks!.s);
  if (sp.breath) special('breath weapon', sp.breath, () => sp.breath!.s);
  return groups;
}

/**
 * Number of shots — §5.1: the first two ranks, all ranks with Volley Fire when not moved; the
 * champion's shots (at BS + 1, §10) counted apart.
 */
export function shotCount(attacker: Unit, sit: ShootingSituation): { readonly rankAndFile: number; readonly champion: number } {
  const m = attacker.missile!;
  const perModel = sit.multipleShots ? m.multipleShots : 1;
  if (attacker.shots !== null) return { rankAndFile: attacker.shots, champion: 0 };
  const volley = m.volleyFire && !sit.moved && !sit.standAndShoot;
  const shooters = volley ? attacker.models : Math.min(attacker.models, 2 * attacker.files);
  const champion = attacker.champion ? 1 : 0;
  return { rankAndFile: (shooters - champion) * perModel, champion: champion * perModel };
}

/**
 * The extra hits a unit takes at the end of a phase in which it was marked — §7 Hellfire (D6 S1
 * hits, no saves of any kind, after an unsaved wound from a Hellfire attack) and Lightning Attack
 * (D6 S4 hits on a unit with Fly, after a hit). They come after the combat result (A25), so after
 * the break test, flee and pursuit too (§4.1: the end of the phase closes the round's sequence).
 */
export interface EndOfPhaseHits {
  readonly hits: DiceExpr;
  readonly hellfire: AttackProfile;
  readonly lightning: AttackProfile;
}

export function endOfPhaseHits(victim: Unit, enemy: Unit): EndOfPhaseHits {
  // The lightning hits are magical when the attacks that carried them were (§7 Magical Attacks).
  const parts = [enemy.offence, ...(enemy.mount ? [enemy.mount] : [])];
  const magical = parts.some((p) => p.lightningAttack && p.magical);
  return { hits: parseDice('D6'), hellfire: hellfireHitProfile(victim), lightning: lightningHitProfile(magical, victim) };
}

/** The Initiative steps, 10 down to 0 (§4.2). */
export const INITIATIVE_STEPS = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0] as const;
