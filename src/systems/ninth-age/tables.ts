/**
 * The 9th Age lookup tables and needed rolls, shared by the exact engine and the simulator.
 * Every function is a pure rule lookup; neither engine's arithmetic lives here.
 */

/** Characteristics are integers 0–10 and never leave that range — 9th Age §1.4. */
export function clampCharacteristic(value: number): number {
  return Math.max(0, Math.min(10, value));
}

/**
 * Close-combat base to-hit (Tabla para Impactar en Combate) — 9th Age §4.5:
 * D < A → 3+; A ≤ D ≤ 2A → 4+; D > 2A → 5+. Defender WS0 is hit automatically (0 = no roll);
 * attacker WS0 needs a 6 (§2, A27).
 */
export function meleeBaseToHit(attackerWs: number, defenderWs: number): number {
  if (defenderWs === 0) return 0;
  if (attackerWs === 0) return 6;
  if (defenderWs < attackerWs) return 3;
  if (defenderWs <= 2 * attackerWs) return 4;
  return 5;
}

/**
 * Effective close-combat to-hit target after modifiers: natural 1 misses, natural 6 hits, so the
 * need is clamp(base − modifier, 2, 6) — 9th Age §1.5.
 */
export function meleeNeed(base: number, modifier: number): number {
  return Math.max(2, Math.min(6, base - modifier));
}

/** A shooting to-hit need: one die, a "6 then X+" chain, or impossible — 9th Age §5.2. */
export type ShootingNeed =
  | { readonly kind: 'roll'; readonly target: number }
  | { readonly kind: 'chain'; readonly second: number }
  | { readonly kind: 'impossible' };

/** Tabla para Impactar en Disparo on BS + modifiers — 9th Age §5.2. */
export function shootingNeed(bsPlusModifiers: number): ShootingNeed {
  if (bsPlusModifiers >= 5) return { kind: 'roll', target: 2 };
  if (bsPlusModifiers >= 1) return { kind: 'roll', target: 7 - bsPlusModifiers };
  if (bsPlusModifiers >= -2) return { kind: 'chain', second: 4 - bsPlusModifiers };
  return { kind: 'impossible' };
}

/** To-wound target clamp(4 + T − S, 2, 6); S0 never wounds (0 = impossible) — 9th Age §4.6. */
export function woundNeed(strength: number, toughness: number): number {
  if (strength <= 0) return 0;
  return Math.max(2, Math.min(6, 4 + toughness - strength));
}

/** Strength penalty to armour: S ≤ 3 → 0, S4 → −1 … S9 and S10 → −6 — 9th Age §4.7. */
export function strengthPenalty(strength: number): number {
  return Math.min(Math.max(strength - 3, 0), 6);
}

/**
 * Armour save target 7 − min(bonus, 6) + strength penalty + AP — 9th Age §4.7. Values ≥ 7 mean no
 * save; the natural 1 always fails, so a target ≤ 1 behaves as 2+ (§1.5).
 */
export function armourNeed(bonus: number, strength: number, armourPiercing: number): number {
  return 7 - Math.min(bonus, 6) + strengthPenalty(strength) + armourPiercing;
}

/** Number of 2D6 results (out of 36) that are ≤ Ld: a Leadership test — 9th Age §3.1. */
const LD_PASS_WAYS = [0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33] as const;

/** P(pass a Leadership test) on Ld 0–10; no double-1 rule, Ld ≤ 1 always fails — 9th Age §3.1, §1.5. */
export function leadershipPass(ld: number): number {
  return LD_PASS_WAYS[clampCharacteristic(ld)] / 36;
}

/** Full-rank and Horde widths by troop type (one object each, rankWidths returns them) — 9th Age §4.3, §9. */
const MONSTROUS_RANKS = { full: 3, horde: 6 } as const;
const MONSTER_RANKS = { full: 1, horde: Infinity } as const;
const STANDARD_RANKS = { full: 5, horde: 10 } as const;

/** Models needed for a full rank (Filas Completas) and for a Horde — 9th Age §4.3, §9. */
export function rankWidths(troop: Troop): { readonly full: number; readonly horde: number } {
  switch (troop) {
    case 'monstrous-infantry':
    case 'monstrous-beast':
    case 'monstrous-cavalry':
    case 'chariot':
      return MONSTROUS_RANKS;
    case 'monster':
    case 'ridden-monster':
      return MONSTER_RANKS;
    default:
      return STANDARD_RANKS;
  }
}

export const TROOPS = [
  'infantry',
  'war-beast',
  'cavalry',
  'monstrous-infantry',
  'monstrous-beast',
  'monstrous-cavalry',
  'chariot',
  'monster',
  'ridden-monster',
  'swarm',
  'war-machine',
] as const;
export type Troop = (typeof TROOPS)[number];

/** Troop types that are on foot (Parry, spears, Mithril Mail) — 9th Age §8.1, §9. */
export function isFoot(troop: Troop): boolean {
  return troop === 'infantry' || troop === 'monstrous-infantry' || troop === 'swarm' || troop === 'war-machine';
}

/** Supporting attacks per supporting model: 1, or up to 3 for Monstrous Support (A10) — 9th Age §4.3. */
export function supportingAttacksPerModel(troop: Troop, a: number): number {
  if (troop === 'monstrous-infantry' || troop === 'monstrous-beast' || troop === 'monstrous-cavalry') return Math.min(a, 3);
  if (troop === 'monster' || troop === 'ridden-monster' || troop === 'war-machine') return 0;
  return Math.min(a, 1);
}

/** Troop types that count as cavalry for the spear's Lethal Strike — 9th Age §8.1, A22. */
export function isCavalryLike(troop: Troop): boolean {
  return troop === 'cavalry' || troop === 'monstrous-cavalry' || troop === 'chariot';
}

/** Troop types Skull Splitter's Multiple Wounds (2) applies to — 9th Age §11, A4. */
export function isLargeForSkullSplitter(troop: Troop): boolean {
  return (
    troop === 'monster' ||
    troop === 'ridden-monster' ||
    troop === 'monstrous-cavalry' ||
    troop === 'monstrous-infantry' ||
    troop === 'monstrous-beast' ||
    troop === 'chariot'
  );
}

/** Troop types a Stomp may be made against — 9th Age §6. */
export function isStompable(troop: Troop): boolean {
  return troop === 'infantry' || troop === 'war-beast' || troop === 'swarm' || troop === 'war-machine';
}

/** Troop types with Swiftstride by default — 9th Age §9. */
export function hasNativeSwiftstride(troop: Troop): boolean {
  return (
    troop === 'war-beast' ||
    troop === 'cavalry' ||
    troop === 'monstrous-beast' ||
    troop === 'monstrous-cavalry' ||
    troop === 'chariot'
  );
}
