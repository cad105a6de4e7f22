/**
 * A melee scenario's content as a number, its two units' `models` and `woundsLost` left out: the
 * states of a whole fight whose units differ only in their losses share it, and with it everything
 * worked out from what meleeGroupsOf reads (melee-setup.ts). Equal ids mean equal content (but for
 * those two numbers); an id never names two different contents.
 *
 * Content is read as the sequence of its fields (name, then value), walked down a trie of Maps: a
 * primitive value is its own Map key (−0 apart), an object stands for its own content's id. No
 * text is made: a unit met for the first time costs a few Map look-ups per field, a unit object
 * met before (a fight's states share them) one WeakMap look-up.
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

/** Each unit's id but for its losses (unitShapeId), kept by object: a fight's states share their units' objects (fight.ts's roundScenario). */
let unitShapes = new WeakMap<Unit, number>();

/** The unit's content id, its `models` and `woundsLost` left out. */
function unitShapeId(u: Unit): number {
  let id = unitShapes.get(u);
  if (id === undefined) unitShapes.set(u, (id = idAt(child(unitStep(child(root, 'unit'), u), END))));
  return id;
}

/** The scenario's id: its situation and both units, each unit's `models` and `woundsLost` left out. */
export function meleeShapeId(s: Scenario): number {
  if (nodes >= MOST_NODES) {
    root = new Node();
    idsByObject = new WeakMap();
    unitShapes = new WeakMap();
    nodes = 0;
  }
  return idAt(child(child(child(child(root, 'scenario'), unitShapeId(s.attacker)), unitShapeId(s.target)), contentId(s.situation)));
}
