/**
 * The engagement flags' options without what checks them (engagement-flags.ts): a
 * command can offer them without loading every rule set (start-up).
 */
import type { Command } from 'commander';

/** `--length N`, before it is put under the rule set's own flag (length-flag.ts). */
export interface LengthFlags {
  length?: string;
  rounds?: string;
  turns?: string;
  bounds?: string;
  fight?: boolean;
}

/** One flag for how long a fight or an engagement lasts, in every rule set that has them. */
export function addLengthOption(cmd: Command): Command {
  return cmd.option(
    '--length <n>',
    'how long it lasts: the rounds of a whole fight (ninth-age, warhammer-fantasy), the turns (kings-of-war), battle rounds (age-of-sigmar) or bounds (hott) of an engagement',
  );
}

export interface EngagementFlags {
  turns?: string;
  bounds?: string;
  pairs?: boolean;
}

/** commander collector of a repeatable option. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function addEngagementOptions(cmd: Command, options: { pairs: boolean }): Command {
  cmd
    .option('--turns <k>', 'an engagement of K turns (Kings of War) or battle rounds (Age of Sigmar): P(removed by the end of each)')
    .option('--bounds <k>', 'an engagement of K bounds (HOTT): combats that go on, Stronghold assaults');
  if (options.pairs) cmd.option('--pairs', 'with --turns or --bounds: rank every pair of attackers from the library together');
  return cmd;
}
