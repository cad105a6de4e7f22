/**
 * Which weapons a unit still has when it has lost models. The owner picks which model is slain
 * (18.2); warodds reads that as the owner keeping its Champions and its rarer weapons as long as
 * it can: models that carry only the weapons every model has go first, then the carriers of the
 * weapons only some models have (the most common of those first), and the Champions last.
 */
import { ScenarioError } from '../../../core/errors.js';
import type { Weapon } from '../schema.js';
import type { Model } from './schema.js';

/**
 * The models of a unit in the order they are removed. A weapon carried by fewer than all models
 * is carried by models of its own: an engagement needs those groups to be apart.
 */
export function removalOrder(models: number, weapons: readonly Weapon[], path: string): Model[] {
  const special = weapons.map((w, i) => ({ w, i })).filter(({ w }) => w.models < models);
  const carriers = special.reduce((n, { w }) => n + w.models, 0);
  if (carriers > models)
    throw new ScenarioError(
      `${path}.weapons`,
      `the weapons carried by fewer than all models add up to ${carriers} carriers in a unit of ${models}: an engagement needs each model to carry at most one of them, to know which weapons go with the slain models`,
    );
  // Champions (Miniaturas de mando 1.0): as many as the weapon with most of them says.
  const champions = Math.max(0, ...weapons.map((w) => w.champions));
  const specialChampions = special.reduce((n, { w }) => n + w.champions, 0);
  if (specialChampions > champions)
    throw new ScenarioError(`${path}.weapons`, 'a Champion carries at most one of the weapons carried by fewer than all models in an engagement');
  const plainChampions = champions - specialChampions;
  const plain = models - carriers;
  if (plainChampions > plain) throw new ScenarioError(`${path}.weapons`, `the unit's ${champions} Champion(s) do not fit among its models`);
  // Most common special weapon first; equal counts in the order listed.
  const groups = [...special].sort((a, b) => b.w.models - a.w.models || a.i - b.i);
  const order: Model[] = [];
  const add = (n: number, m: Model) => {
    for (let k = 0; k < n; k++) order.push(m);
  };
  add(plain - plainChampions, { special: -1, champion: false });
  for (const { w, i } of groups) add(w.models - w.champions, { special: i, champion: false });
  for (const { w, i } of groups) add(w.champions, { special: i, champion: true });
  add(plainChampions, { special: -1, champion: true });
  return order;
}

/**
 * The weapons of `weapons` (the unit's full list `all`, indices `index` into it) with `left`
 * models on the table: each weapon's carriers and Champions among them, weapons with no carrier
 * dropped.
 */
export function weaponsWith(left: number, order: readonly Model[], all: readonly Weapon[], weapons: readonly Weapon[], index: readonly number[]): Weapon[] {
  const kept = order.slice(order.length - left);
  const champions = kept.filter((m) => m.champion).length;
  const out: Weapon[] = [];
  weapons.forEach((w, j) => {
    const i = index[j];
    const everyModel = all[i].models === order.length;
    const carriers = everyModel ? left : kept.filter((m) => m.special === i).length;
    if (carriers === 0) return;
    const champs = everyModel ? champions : kept.filter((m) => m.special === i && m.champion).length;
    out.push({ ...w, models: carriers, champions: Math.min(w.champions, champs) });
  });
  return out;
}
