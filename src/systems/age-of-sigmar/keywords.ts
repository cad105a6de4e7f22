/**
 * The unit keywords Age of Sigmar rules read: those the rules file names (§3 unit type and
 * keywords, §3 command models, §6 Guarded Hero's WAR MACHINE). A keyword switches rules on and off
 * (Anti-X, Guarded Hero, cover against FLY, Place of Power, miscast). Any keyword printed on a
 * warscroll is accepted ('ORDER', 'STORMCAST ETERNALS'); one that no rule reads is noted with the
 * nearest keyword the rules read, so a misspelt one is never taken silently.
 */
import { ownEntry } from '../../core/input.js';

/** Keywords in kebab-case, English (rules file §3, §6, §13). */
export const KEYWORDS = [
  'hero',
  'infantry',
  'cavalry',
  'monster',
  'war-machine',
  'fly',
  'wizard',
  'priest',
  'champion',
  'musician',
  'standard-bearer',
  'reinforcements',
] as const;

/** The Spanish keywords of the source (§3) and their English ids, for the suggestion only. */
const SPANISH: Record<string, string> = {
  heroe: 'hero',
  infanteria: 'infantry',
  caballeria: 'cavalry',
  monstruo: 'monster',
  'maquina-de-guerra': 'war-machine',
  volar: 'fly',
  mago: 'wizard',
  sacerdote: 'priest',
  campeon: 'champion',
  musico: 'musician',
  portaestandarte: 'standard-bearer',
  refuerzos: 'reinforcements',
};

/** Keyword text as an id: lower case, spaces to hyphens ('War Machine' → 'war-machine'). */
export function keywordId(text: string): string {
  return text.trim().toLowerCase().replace(/[\s_]+/g, '-');
}

/** The nearest known id: the Spanish name's translation, or within a small edit distance. */
export function suggestion(id: string, known: readonly string[]): string | null {
  const plain = id.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const english = ownEntry(SPANISH, plain);
  if (english && known.includes(english)) return english;
  // A longer form of a keyword ('heroes', 'flyer', 'monsters').
  const stem = known.find((k) => k.length >= 3 && plain.startsWith(k));
  if (stem) return stem;
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = editDistance(plain, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  // Near enough: a typo or two ('calvary', 'heor'), never a different word.
  return best !== null && bestDistance <= (best.length <= 3 ? 1 : 2) ? best : null;
}

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  return rows[a.length][b.length];
}
