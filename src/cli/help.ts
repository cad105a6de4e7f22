/**
 * What each column of kills / compare / table means, for `--help` (the README says the same).
 */
const HALF = "P(≥ half)   P(the attack deals at least half of what the target can take: half its wounds, models,\n              damage to rout or elements, rounded up)";
const REMOVE = 'P(remove)   P(the target is removed this turn), named by the rule set: P(destroy), P(rout) in Kings of\n              War; with --remove break, P(break): broken, fled or destroyed (Kings of War: wavered or routed)';
const MEAN = 'mean …      the mean damage the rule set counts (wounds, damage points, elements removed, ...)';
const ENGAGEMENT = `With --turns K or --bounds K (an engagement):
  P(remove) by turn k, by bound k
              P(the target is removed by the end of turn k: a battle round in Age of Sigmar; bound k in HOTT)
  mean …      over the whole engagement: damage carried (Kings of War), damage allocated (Age of Sigmar),
              target removed (HOTT; assaulters lost against a Stronghold)`;

export const COLUMN_HELP = {
  kills: `Columns:
  attacker    the candidate's id; option: its option that removes the target most often
  ${REMOVE}
  ${MEAN}
  ${HALF}
  …/100 pts   removals and mean damage per 100 points (expected removals: P(remove) × 100 / points),
              shown when some attacker has points
${ENGAGEMENT}; attackers: each attacker, or with --pairs each pair, by id`,
  compare: `Columns:
  mean …, sd  the mean damage the rule set counts, and its standard deviation
  ${REMOVE}
  ${HALF}
  P(a > b)    P(option a deals strictly more damage than option b), both rolled independently;
  P(a = b)    P(they deal the same damage)
  winner      ◀ the best option at that target (mean, then P(remove), then P(≥ half) decides), or tie
${ENGAGEMENT}`,
  table: `Cells (--metric): mean: the mean damage; p-remove: P(remove) (what --remove counts); 'p>=K': P(damage ≥ K).
Each row and column sets one characteristic of the base target (--target, or the rule set's standard one).`,
  attack: `Columns: k: a value (of damage, models slain, ...); P(=k): its probability; MC P(=k): the
Monte Carlo estimate of it (--both); P(≥k): the probability of k or more; the bar: P(=k) against the
most likely row. Values beyond the 0.05 % and 99.95 % quantiles are left out; ranges group them when
there are more than 30. With --stages, the same for each stage of the attack sequence first: attacks,
hits, wounds, unsaved wounds, damage dealt.`,
  fight: `Columns: wins: P(the enemy broke and escaped, was caught, was destroyed or fled at the charge);
broken and escaped, caught in pursuit, destroyed in combat, fled from the charge: how a side lost;
models left (mean): at the end (a caught unit has none). Per round: ends: P(the fight ends in that
round); broken by then: broken and escaped, caught or destroyed by the end of it; E[margin]: the
expected combat result, attacker minus target, of the rounds fought; left: the expected models after it.`,
  matchups: `Columns: P(removes it): P(the attacker destroys its opponent, makes it vanish, leave the battlefield
or captures it); P(is removed): the same for the attacker.`,
};
