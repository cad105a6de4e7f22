/**
 * A melee scenario's content as a number, its two units' `models` and `woundsLost` left out: the
 * states of a whole fight whose units differ only in their losses share it, and with it everything
 * worked out from what meleeGroupsOf reads (melee-setup.ts). Equal ids mean equal content (but for
 * those two numbers); an id never names two different contents.
 *
 * Content is read as the sequence of its fields (name, then value), walked down a trie of Maps: a
 * primitive value is its own Map key (−0 apart), an object stands for its own content's id. No
 * text is made, so a state costs a few Map look-ups per field.
 */
import type { Scenario, Unit } from './model.js';

class Node {
  readonly next = new Map<unknown, Node>();
  id = -1;
}

/** Markers no field name or value can equal: an object's id follows, −0, the end of an object, the end of a unit. */
const OBJECT = Symbol('object');
const MINUS_ZERO = Symbol('-0');
const END = Symbol('end');
const UNIT_END = Symbol('unit end');

/**
 * Content ids: equal plain content (plain objects and arrays) gets one id, anything else (a class
 * instance, a Map, a function) its own, by object. Objects are taken as never changed once met, as
 * every scenario object is (readonly). Ids only ever grow, so a forgotten id is never reused: past
 * MOST_NODES, the trie and the ids by object are forgotten together.
 */
let root = new Node();
let idsByObject = new WeakMap<object, number>();
let nodes = 0;
let nextId = 0;
const MOST_NODES = 1 << 16;

function child(node: Node, key: unknown): Node {
  let n = node.next.get(key);
  if (!n) {
    node.next.set(key, (n = new Node()));
    nodes++;
  }
  return n;
}

function valueStep(node: Node, v: unknown): Node {
  if ((typeof v === 'object' && v !== null) || typeof v === 'function') return child(child(node, OBJECT), contentId(v));
  return child(node, Object.is(v, -0) ? MINUS_ZERO : v);
}

/** Walk the fields of `x` (but those `skip` names) from `node`. */
function fieldsStep(node: Node, x: Record<string, unknown>, skip: ((k: string) => boolean) | null): Node {
  for (const k of Object.keys(x)) if (!skip || !skip(k)) node = valueStep(child(node, k), x[k]);
  return node;
}

function idAt(node: Node): number {
  if (node.id < 0) node.id = nextId++;
  return node.id;
}

/** The id of an object's content: plain objects and arrays by their fields, anything else by itself (also victim-exact.ts's key of batch outcomes). */
export function contentId(x: object): number {
  let id = idsByObject.get(x);
  if (id !== undefined) return id;
  const proto: unknown = Object.getPrototypeOf(x);
  if (proto === Object.prototype || proto === null) id = idAt(child(fieldsStep(child(root, 'object'), x as Record<string, unknown>, null), END));
  else if (Array.isArray(x) && proto === Array.prototype) id = idAt(child(fieldsStep(child(root, 'array'), x as unknown as Record<string, unknown>, null), END));
  else id = nextId++;
  idsByObject.set(x, id);
  return id;
}

const LOSSES = (k: string) => k === 'models' || k === 'woundsLost';

/** The unit's content but for its losses (a joined character's are kept). */
function unitStep(node: Node, u: Unit): Node {
  return child(fieldsStep(node, u as unknown as Record<string, unknown>, LOSSES), UNIT_END);
}

/**
 * Whether `x` has the fields `keys` in that order (own, enumerable) as `y` has, each the same value
 * as in `y` (Object.is: the same object, or the same primitive) but those `skip` names: then the
 * two have the same content.
 */
function sameFields(x: object, y: object, keys: readonly string[], skip: ((k: string) => boolean) | null): boolean {
  if (x === y) return true;
  if (Object.getPrototypeOf(x) !== Object.getPrototypeOf(y)) return false;
  const own = Object.keys(x);
  if (own.length !== keys.length) return false;
  for (let i = 0; i < own.length; i++) {
    const k = own[i];
    if (k !== keys[i]) return false;
    if (!(skip && skip(k)) && !Object.is((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** The last scenario keyed, its parts' field names and its id: a fight's states come one after the other with the same shape. */
let last: { readonly s: Scenario; readonly keys: readonly (readonly string[])[]; readonly id: number } | null = null;

/** The scenario's id: its situation and both units, each unit's `models` and `woundsLost` left out. */
export function meleeShapeId(s: Scenario): number {
  if (
    last &&
    sameFields(s.attacker, last.s.attacker, last.keys[0], LOSSES) &&
    sameFields(s.target, last.s.target, last.keys[1], LOSSES) &&
    sameFields(s.situation, last.s.situation, last.keys[2], null)
  )
    return last.id;
  if (nodes >= MOST_NODES) {
    root = new Node();
    idsByObject = new WeakMap();
    nodes = 0;
  }
  const id = idAt(child(valueStep(unitStep(unitStep(child(root, 'scenario'), s.attacker), s.target), s.situation), END));
  last = { s, keys: [Object.keys(s.attacker), Object.keys(s.target), Object.keys(s.situation)], id };
  return id;
}
