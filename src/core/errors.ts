/**
 * Errors that reach the user as one line and exit code 2.
 * `InputError` is any bad input (flag, file, JSON); `ScenarioError` names the field of a scenario.
 */
export class InputError extends Error {
  override name = 'InputError';
}

export class ScenarioError extends InputError {
  override name = 'ScenarioError';
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(path ? `${path}: ${problem}` : problem);
  }
}

/** A rule the rules file describes but warodds does not compute: never silently ignored. */
export class UnsupportedRuleError extends ScenarioError {
  override name = 'UnsupportedRuleError';
  constructor(path: string, rule: string, why?: string) {
    super(path, `rule '${rule}' is not supported yet${why ? ` (${why})` : ''}`);
  }
}

/**
 * A computation that would take too long or too much memory: refused before it starts,
 * with the quantity that is too large and what to do instead.
 */
export class TooLargeError extends InputError {
  override name = 'TooLargeError';
}
