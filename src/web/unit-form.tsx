/**
 * A unit's fields as a form, built from the unit itself: a number is a number box, true/false a
 * checkbox, text a text box, a list of names (equipment, abilities, rules) a set of chips with the
 * names that rule set's units use offered in a list, an object or a weapon profile a group of its
 * own fields. Nothing here knows a rule: the rule set checks the result (answer.ts, checkEdited).
 */
import type { UnitBody } from '../systems/types.js';

type Value = unknown;

interface FieldProps {
  path: string;
  label: string;
  value: Value;
  /** Names used under this key by the rule set's units, for lists of names. */
  vocabulary: (key: string) => string[];
  onChange: (value: Value) => void;
}

function Field({ path, label, value, vocabulary, onChange }: FieldProps) {
  const id = `field-${path}`;
  if (typeof value === 'number')
    return (
      <label class="field" for={id}>
        <span>{label}</span>
        <input id={id} type="number" inputMode="decimal" value={value} step="any" onInput={(e) => {
          const n = Number((e.target as HTMLInputElement).value);
          if ((e.target as HTMLInputElement).value !== '' && Number.isFinite(n)) onChange(n);
        }} />
      </label>
    );
  if (typeof value === 'boolean')
    return (
      <label class="field check" for={id}>
        <input id={id} type="checkbox" checked={value} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />
        <span>{label}</span>
      </label>
    );
  if (typeof value === 'string')
    return (
      <label class="field" for={id}>
        <span>{label}</span>
        <input id={id} type="text" value={value} onChange={(e) => onChange((e.target as HTMLInputElement).value)} />
      </label>
    );
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    const key = label;
    const offered = vocabulary(key).filter((v) => !value.includes(v));
    return (
      <fieldset class="field chips">
        <legend>{label}</legend>
        {value.map((v, i) => (
          <button type="button" class="chip" aria-label={`remove ${v} from ${label}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>
            {v} ×
          </button>
        ))}
        {offered.length > 0 && (
          <select aria-label={`add to ${label}`} value="" onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value;
            if (v) onChange([...value, v]);
          }}>
            <option value="">add…</option>
            {offered.map((v) => <option value={v}>{v}</option>)}
          </select>
        )}
      </fieldset>
    );
  }
  if (Array.isArray(value))
    return (
      <fieldset class="group">
        <legend>{label}</legend>
        {value.map((item, i) => (
          <Field path={`${path}.${i}`} label={`${label} ${i + 1}`} value={item} vocabulary={vocabulary} onChange={(v) => onChange(value.map((x, j) => (j === i ? v : x)))} />
        ))}
      </fieldset>
    );
  if (typeof value === 'object' && value !== null)
    return (
      <fieldset class="group">
        <legend>{label}</legend>
        <ObjectFields path={path} value={value as Record<string, Value>} vocabulary={vocabulary} onChange={onChange} />
      </fieldset>
    );
  return null;
}

function ObjectFields({ path, value, vocabulary, onChange }: { path: string; value: Record<string, Value>; vocabulary: (key: string) => string[]; onChange: (value: Value) => void }) {
  return (
    <div class="fields">
      {Object.entries(value).map(([key, v]) => (
        <Field path={`${path}.${key}`} label={key} value={v} vocabulary={vocabulary} onChange={(nv) => onChange({ ...value, [key]: nv })} />
      ))}
    </div>
  );
}

export function UnitForm({ side, body, vocabulary, onChange }: { side: string; body: UnitBody; vocabulary: (key: string) => string[]; onChange: (body: UnitBody) => void }) {
  return <ObjectFields path={side} value={body as Record<string, Value>} vocabulary={vocabulary} onChange={(v) => onChange(v as UnitBody)} />;
}
