/**
 * The rule sets `kills`, `compare` and `table` can reach, read from their arguments before the
 * command's module loads (start-up: `kills hott/blades` loads the HOTT rule set alone).
 */
import { isSystemName, systemIdOf } from '../systems/lookup.js';
import type { SystemId } from '../systems/types.js';

/**
 * The rule sets of the unit ids (system/id) in `args`, comma lists and `id:how` included; every
 * rule set (undefined) when the user's own units are read (--units, WARODDS_UNITS), since their
 * folders and files may name any rule set.
 */
export function systemsNamedIn(args: readonly string[], env: NodeJS.ProcessEnv = process.env): SystemId[] | undefined {
  if (env.WARODDS_UNITS || args.some((a) => a === '--units' || a.startsWith('--units='))) return undefined;
  const ids = new Set<SystemId>();
  for (const arg of args)
    for (const piece of arg.split(/[=,:]/)) {
      const m = /^([^/]+)\//.exec(piece.trim());
      if (m && isSystemName(m[1])) ids.add(systemIdOf(m[1]));
    }
  return [...ids];
}
