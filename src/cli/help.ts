/**
 * What each column of kills / compare / table means, for `--help` (the README says the same).
 */
const HALF = "P(≥ half)   P(the attack deals at least half of what the target can take: half its wounds, models,\n            damage to rout or elements, rounded up)";
const REMOVE = 'P(remove)   P(the target is removed this turn), named by the rule set: P(destroy), P(rout) in Kings of\n            War; with --remove break, P(break): broken, fled or destroyed (Kings of War: wavered or routed)';
const MEAN = 'mean …      the mean damage the rule set counts (wounds, damage points, elements removed, ...)';

export const COLUMN_HELP = {
  kills: `Columns:
  attacker    the candidate's id; option: its option that removes the target most often
  ${REMOVE}
  ${MEAN}
  ${HALF}
  …/100 pts   removals and mean damage per 100 points (expected removals: P(remove) × 100 / points),
              shown when some attacker has points`,
  compare: `Columns:
  mean …, sd  the mean damage the rule set counts, and its standard deviation
  ${REMOVE}
  ${HALF}
  P(a > b)    P(option a deals strictly more damage than option b), both rolled independently;
  P(a = b)    P(they deal the same damage)
  winner      ◀ the best option at that target (mean, then P(remove), then P(≥ half) decides), or tie`,
  table: `Cells (--metric): mean: the mean damage; p-remove: P(remove) (what --remove counts); 'p>=K': P(damage ≥ K).
Each row and column sets one characteristic of the base target (--target, or the rule set's standard one).`,
  attack: `Columns: k: a value (of damage, models slain, ...); P(=k): its probability; MC P(=k): the
Monte Carlo estimate of it (--both); P(≥k): the probability of k or more; the bar: P(=k) against the
most likely row. Values beyond the 0.05 % and 99.95 % quantiles are left out; ranges group them when
there are more than 30.`,
  matchups: `Columns: P(removes it): P(the attacker destroys its opponent, makes it vanish, leave the battlefield
or captures it); P(is removed): the same for the attacker.`,
};
