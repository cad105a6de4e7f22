/**
 * Units and their morale written out field by field, every key present and always in the same
 * order: one hidden class for every unit the engines meet. A spread copies its source's
 * shape, so units made by spreads (a whole fight's round units, a character joined or not, Frenzy
 * lost) had a different class per scenario, and the simulators' code, compiled for one scenario's
 * units, was thrown away ("wrong map") and compiled again at the next. Make every stored Unit with
 * `unitRecord` and every stored Morale with `moraleRecord`; a spread may only be their argument.
 */
import type { Morale, Unit } from './model.js';

/** `u` as a Unit of the one shape: no joined character unless given (`joined` 0, `joinedBy` absent). */
export function unitRecord(u: Unit): Unit {
  return {
    troop: u.troop,
    models: u.models,
    files: u.files,
    attacks: u.attacks,
    shots: u.shots,
    character: u.character,
    profile: u.profile,
    woundsLost: u.woundsLost,
    extraRanks: u.extraRanks,
    missile: u.missile,
    offence: u.offence,
    mount: u.mount,
    special: u.special,
    defence: u.defence,
    morale: u.morale,
    champion: u.champion,
    standard: u.standard,
    musician: u.musician,
    battleStandard: u.battleStandard,
    warStandard: u.warStandard,
    joined: u.joined ?? 0,
    joinedBy: u.joinedBy,
    joinedIsChampion: u.joinedIsChampion === true,
  };
}

/** `m` as a Morale of the one shape. */
export function moraleRecord(m: Morale): Morale {
  return {
    stubborn: m.stubborn,
    unbreakable: m.unbreakable,
    unstable: m.unstable,
    daemonicInstability: m.daemonicInstability,
    bodyguard: m.bodyguard,
    immunePsychology: m.immunePsychology,
    frenzy: m.frenzy,
    immuneFear: m.immuneFear,
    causesFear: m.causesFear,
    ldBonus: m.ldBonus,
    generalLd: m.generalLd,
    swiftstride: m.swiftstride,
    freeReform: m.freeReform,
    rerollLeadership: m.rerollLeadership,
    holdYourGround: m.holdYourGround,
    randomMovement: m.randomMovement,
  };
}
