/**
 * Each side's combat total before its die: HC chosen by the opponent's class plus the tactical
 * factors of rules/hott.md §6.3 (close combat), §6.4 (shooting) and §6.5 (magic).
 */
import { combatValue, isAerial, isExplorer, TROOPS, type TroopId } from './tables.js';
import { isDifficultFor, weakensMagic } from './terrain.js';
import type { CloseCombat, Fighter, HottScenario, MagicAttack, Readings, Shooting } from './scenario.js';

/** The fixed part of each total: total = D6 + factor. */
export interface Factors {
  readonly attacker: number;
  readonly target: number;
}

export function combatFactors(s: HottScenario): Factors {
  if (s.mode === 'close-combat') return closeCombatFactors(s);
  if (s.mode === 'shooting') return shootingFactors(s);
  return magicFactors(s);
}

function closeCombatFactors(s: CloseCombat): Factors {
  return {
    attacker: fighterFactor(s.attacker, s.target, s.readings),
    target: fighterFactor(s.target, s.attacker, s.readings),
  };
}

/** §6.3 Modificadores a la Tirada de Combate, each from this side's own situation. */
function fighterFactor(self: Fighter, opp: Fighter, readings: Readings): number {
  let f = combatValue(self.troop, opp.troop, readings.ridersHc);
  // +1 General.
  if (self.general) f += 1;
  // −2 difficult terrain, at most once; none in a combat against a Stronghold (§6.6).
  if (self.troop !== 'stronghold' && opp.troop !== 'stronghold' && takesTerrainPenalty(self, opp, readings)) f -= 2;
  // −1 per overlapped flank; ignored when the opponent is a Dragon (Solitario, ambiguity 11).
  if (opp.troop !== 'dragons') f -= self.overlaps;
  // −1 Hostigar la retaguardia.
  if (self.rearHarassment) f -= 1;
  // +1 Apoyo en profundidad (parse refuses it in difficult terrain, §5 Apoyo a iguales).
  if (self.rearSupport) f += 1;
  // +1 height or river bank (parse allows them only against a terrestrial opponent); never more than +1 together.
  if (self.higher || self.defendingBank) f += 1;
  // −1 Muro: fighting a Stronghold.
  if (opp.troop === 'stronghold') f -= 1;
  // Each support of the assault gives the Stronghold −1, max −2 (§6.6, ambiguity 9).
  if (self.troop === 'stronghold') f -= opp.supports.length;
  // −1 Large battles: demoralised corps.
  if (self.demoralised) f -= 1;
  return f;
}

/**
 * −2 if it stands in terrain difficult for its class, or if it is mounted or aerial and its
 * opponent stands in terrain difficult for its class (§6.3). Explorers never take the first, and
 * by the recommended reading not the second either (ambiguity 3).
 */
function takesTerrainPenalty(self: Fighter, opp: Fighter, readings: Readings): boolean {
  const explorer = isExplorer(self.troop);
  const inDifficult = isDifficultFor(self.terrain, self.troop) && !explorer;
  const mountedOrAerial = TROOPS[self.troop].class === 'mounted' || isAerial(self.troop);
  const enemyInDifficult =
    mountedOrAerial && isDifficultFor(opp.terrain, self.troop) && !(explorer && readings.explorerIgnoresEnemyTerrain);
  return inDifficult || enemyInDifficult;
}

/** §6.4: no terrain or position modifiers in shooting (ambiguity 13); no +1 for a shooting general (ambiguity 12). */
function shootingFactors(s: Shooting): Factors {
  let shooter = combatValue(s.attacker.troop, s.target.troop, s.readings.ridersHc);
  if (s.target.troop === 'stronghold') shooter -= 1; // Muro
  if (s.attacker.demoralised) shooter -= 1;
  return { attacker: shooter, target: missileTargetFactor(s.target.troop, s.attacker.troop, s, s.attacker.missileSupport) };
}

/** §6.5: enhancers −1 each (no cap), weakened +2 at most; no flank missile support (ambiguity 14). */
function magicFactors(s: MagicAttack): Factors {
  let magician = combatValue('magicians', s.target.troop, s.readings.ridersHc);
  if (s.target.troop === 'stronghold') magician -= 1; // Muro
  if (s.attacker.demoralised) magician -= 1;
  let target = missileTargetFactor(s.target.troop, 'magicians', s, s.attacker.enhancers);
  if (s.weakened || weakensMagic(s.target.terrain)) target += 2;
  return { attacker: magician, target };
}

/** The target of shooting or magic: HC against a foot shooter, +1 general, −support, −1 demoralised. */
function missileTargetFactor(troop: TroopId, shooter: TroopId, s: Shooting | MagicAttack, support: number): number {
  let f = combatValue(troop, shooter, s.readings.ridersHc);
  if (s.target.general) f += 1;
  f -= support;
  if (s.target.demoralised) f -= 1;
  return f;
}
