/**
 * "How much damage against every kind of target?": a grid over two target characteristics.
 */
import { atLeast, mean } from '../core/dist.js';
import { InputError } from '../core/errors.js';
import { escapeForTerminal } from '../core/json.js';
import { findSystem } from '../systems/lookup.js';
import type { SituationFlags, UnitBody, UnitQuestions } from '../systems/types.js';
import { checkSituationAgainstFlags, type Evaluate, type RemoveMetric, removeProbability, type Side, sideBody } from './pairing.js';
import { questionsOf } from './unit.js';
import type { Planned } from './question-work.js';
import { shootingReads } from './shooting-flags.js';
import { grouped } from '../core/budget.js';

export type GridMetric = { kind: 'mean' } | { kind: 'p-remove'; remove: RemoveMetric } | { kind: 'p-at-least'; k: number };

export interface Axis {
  key: string;
  values: string[];
}

export interface GridResult {
  attacker: Side;
  metric: GridMetric;
  rows: Axis;
  cols: Axis;
  /** cells[r][c] */
  cells: number[][];
}

/** `--metric mean | p-remove | 'p>=K'`. */
export function parseGridMetric(text: string | undefined, remove: RemoveMetric): GridMetric {
  if (text === undefined || text === 'mean') return { kind: 'mean' };
  if (text === 'p-remove') return { kind: 'p-remove', remove };
  const m = /^p>=(\d+)$/.exec(text.replace(/\s+/g, ''));
  if (m && Number(m[1]) >= 1) return { kind: 'p-at-least', k: Number(m[1]) };
  throw new InputError(`--metric: '${text}' is not a table metric (allowed: mean, p-remove, 'p>=K' with K ≥ 1)`);
}

/** `t=2..6`, `armour=none,6+,5+`, `save=2..6,none`. */
export function parseAxis(text: string, flag: string, q: UnitQuestions, systemId: string): Axis {
  const m = /^\s*([a-z][a-z0-9-]*)\s*=\s*(.+)$/.exec(text);
  if (!m) throw new InputError(`${flag}: '${escapeForTerminal(text)}' is not key=values (e.g. t=2..6 or save=2..6,none)`);
  const key = m[1];
  // Own properties only: 'constructor' or '__proto__' is not a table key.
  const spec = Object.hasOwn(q.tableKeys, key) ? q.tableKeys[key] : undefined;
  if (!spec) throw new InputError(`${flag}: ${systemId} has no table key '${key}' (allowed: ${Object.keys(q.tableKeys).join(', ')})`);
  const values: string[] = [];
  for (const part of m[2].split(',').map((s) => s.trim())) {
    const range = /^(\d+)(\+?)\.\.(\d+)(\+?)$/.exec(part);
    if (range) {
      const [lo, hi] = [Number(range[1]), Number(range[3])];
      if (hi < lo || hi - lo > 50) throw new InputError(`${flag}: range '${part}' must run upwards over at most 50 values`);
      for (let v = lo; v <= hi; v++) values.push(`${v}${range[2] || range[4] ? '+' : ''}`);
    } else values.push(part);
  }
  // Two values are the same when they set the target the same way ('4' and '4+', '04' and '4').
  const seen = new Map<string, string>();
  for (const v of values) {
    try {
      spec.check(v);
    } catch (e) {
      throw new InputError(`${flag}: ${key}=${escapeForTerminal(v)}: ${(e as Error).message} (${spec.describe})`);
    }
    const effect = JSON.stringify(spec.apply({}, v));
    const first = seen.get(effect);
    if (first !== undefined) throw new InputError(`${flag}: ${key}=${escapeForTerminal(v)} repeats ${key}=${escapeForTerminal(first)} (give each value once)`);
    seen.set(effect, v);
  }
  return { key, values };
}

/** A table of more cells than this is computed only when asked for explicitly (`--large`). */
export const MAX_GRID_CELLS = 10_000;

/** Refuse a grid of more than MAX_GRID_CELLS cells unless `large` (the user confirmed it). */
export function checkGridSize(rows: Axis, cols: Axis, large: boolean): void {
  const cells = rows.values.length * cols.values.length;
  if (cells > MAX_GRID_CELLS && !large)
    throw new InputError(`--rows/--cols: ${rows.values.length} × ${cols.values.length} = ${grouped(cells)} cells is more than ${grouped(MAX_GRID_CELLS)}; add --large to compute it anyway`);
}

/** The scenario input of one cell: the attacker against the base target with the row's and the column's values. */
function cellInput(q: UnitQuestions, body: UnitBody, baseTarget: UnitBody, rows: Axis, r: string, cols: Axis, c: string, flags: SituationFlags): unknown {
  return q.scenario(body, q.tableKeys[cols.key].apply(q.tableKeys[rows.key].apply(baseTarget, r), c), flags);
}

/** The pairings `damageGrid` runs: one a cell. */
export function gridPlan(attacker: Side, baseTarget: UnitBody, rows: Axis, cols: Axis, flags: SituationFlags): Planned[] {
  const system = findSystem(attacker.unit.system);
  const q = questionsOf(system);
  const body = sideBody(attacker);
  return rows.values.flatMap((r) => cols.values.map((c) => () => ({ system: system.id, input: cellInput(q, body, baseTarget, rows, r, cols, c, flags) })));
}

export async function damageGrid(attacker: Side, baseTarget: UnitBody, rows: Axis, cols: Axis, flags: SituationFlags, metric: GridMetric, evaluate: Evaluate): Promise<GridResult> {
  const system = findSystem(attacker.unit.system);
  const q = questionsOf(system);
  const body = sideBody(attacker);
  flags = shootingReads(q, flags);
  checkSituationAgainstFlags(q, body, baseTarget, flags);
  const cells: number[][] = [];
  for (const r of rows.values) {
    const row: number[] = [];
    for (const c of cols.values) {
      const outcome = await evaluate(system.id, cellInput(q, body, baseTarget, rows, r, cols, c, flags));
      row.push(metric.kind === 'mean' ? mean(outcome.damage) : metric.kind === 'p-at-least' ? atLeast(outcome.damage, metric.k) : removeProbability(q, outcome, metric.remove, system.id));
    }
    cells.push(row);
  }
  return { attacker, metric, rows, cols, cells };
}
