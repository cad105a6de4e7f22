/**
 * A result as a list of sections (distributions, probabilities, categorical tables), each with
 * the exact and/or Monte Carlo figure, which every text renderer lays out in its own way.
 */
import type { Dist } from '../../core/dist.js';
import type { Outcome } from '../../systems/types.js';
import type { RunResult } from '../answer.js';

export type Section =
  | { kind: 'dist'; name: string; exact?: Dist; mc?: Dist }
  | { kind: 'prob'; name: string; exact?: number; mc?: number }
  | { kind: 'table'; name: string; exact?: Record<string, number>; mc?: Record<string, number> };

export function sectionsOf(r: RunResult): Section[] {
  const e: Outcome | undefined = r.exact;
  const m: Outcome | undefined = r.monteCarlo?.outcome;
  const any = (e ?? m)!;
  // `--stages`: each stage of the attack sequence first (exact only), then what the target lost.
  const sections: Section[] = (r.stages ?? []).map((stage, i) => ({ kind: 'dist', name: `stage ${i + 1} · ${stage.name}`, exact: stage.dist }));
  sections.push({ kind: 'dist', name: 'damage', exact: e?.damage, mc: m?.damage });
  if (any.slain) sections.push({ kind: 'dist', name: 'slain', exact: e?.slain, mc: m?.slain });
  if (any.destroyed !== undefined) sections.push({ kind: 'prob', name: 'destroyed', exact: e?.destroyed, mc: m?.destroyed });
  if (any.morale) sections.push({ kind: 'table', name: 'morale', exact: e?.morale, mc: m?.morale });
  for (const element of Object.keys(any.outcomes ?? {}))
    sections.push({ kind: 'table', name: element, exact: e?.outcomes?.[element], mc: m?.outcomes?.[element] });
  return sections;
}

/** Category names of a table section, in the exact engine's order, then any only the MC saw. */
export function categoriesOf(s: { exact?: Record<string, number>; mc?: Record<string, number> }): string[] {
  return [...new Set([...Object.keys(s.exact ?? {}), ...Object.keys(s.mc ?? {})])];
}
