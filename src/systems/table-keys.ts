/**
 * Building blocks for the table keys of each rule set's questions adapter: a key sets one field
 * of the target unit to a value checked against what the rules allow.
 */
import { InputError } from '../core/errors.js';
import type { TableKey, UnitBody } from './types.js';

/** A D6 target field ("4+" or 4), optionally 'none'. */
export function d6Key(field: string, describe: string, options: { min?: number; max?: number; none?: boolean } = {}): TableKey {
  const min = options.min ?? 2;
  const max = options.max ?? 6;
  return {
    describe,
    check(value) {
      if (options.none && value === 'none') return;
      const m = /^(\d+)\+?$/.exec(value);
      const n = m ? Number(m[1]) : NaN;
      if (!(n >= min && n <= max)) throw new InputError(`expected ${min}+..${max}+${options.none ? " or 'none'" : ''}`);
    },
    apply: (target, value) => ({ ...target, [field]: value === 'none' ? 'none' : `${parseInt(value, 10)}+` }),
  };
}

/** A whole-number field. */
export function intKey(field: string, describe: string, min: number, max: number, set?: (target: UnitBody, n: number) => UnitBody): TableKey {
  return {
    describe,
    check(value) {
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < min || n > max) throw new InputError(`expected a whole number from ${min} to ${max}`);
    },
    apply: (target, value) => (set ? set(target, Number(value)) : { ...target, [field]: Number(value) }),
  };
}

/** One of a list of values, set by `set`. */
export function choiceKey(describe: string, values: readonly string[], set: (target: UnitBody, value: string) => UnitBody): TableKey {
  return {
    describe,
    check(value) {
      if (!values.includes(value)) throw new InputError(`expected one of ${values.join(', ')}`);
    },
    apply: set,
  };
}

/** yes/no flags. */
export function booleanKey(field: string, describe: string): TableKey {
  return choiceKey(describe, ['no', 'yes'], (target, value) => ({ ...target, [field]: value === 'yes' }));
}

/** A free-form value matching a pattern (the rule set's parse checks it fully). */
export function patternKey(field: string, describe: string, pattern: RegExp, expected: string): TableKey {
  return {
    describe,
    check(value) {
      if (!pattern.test(value)) throw new InputError(`expected ${expected}`);
    },
    apply: (target, value) => ({ ...target, [field]: value }),
  };
}
