/**
 * A unit's form, drawn from its rule set's unit schema (schema-form.ts): every field the schema
 * has, whether the unit gives it or not. A field the unit leaves out shows the schema's default
 * (and joins the unit when edited), or an "add" button when it is optional; an optional field can
 * be removed; a list of entries (weapon profiles) has add and remove buttons; a list of names
 * offers the rule set's names to choose from, each entry editable for a parameter ("piercing(1)").
 * Every change is checked by the rule set (`check`, answer.ts checkEdited): a change it refuses
 * stays in the form with its one line shown, and the unit the answer uses stays the last good one.
 * Nothing here knows a rule.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SystemId, UnitBody } from '../systems/types.js';
import { type FormField, newEntry, startValue, unitFormOf } from './schema-form.js';
import './unit-form.css';

type Value = unknown;
type Group = FormField & { kind: 'group' };

interface FieldProps {
  field: FormField;
  /** The element id, the label shown ("attacks") and the whole name read out ("weapons 2 attacks"). */
  id: string;
  label: string;
  name: string;
  /** The unit's value, undefined when the unit leaves the field out. */
  value: Value;
  vocabulary: (key: string) => string[];
  onChange: (value: Value) => void;
}

/** What a typed text stores: a number where the field takes either and the text reads as one. */
function typed(text: string, numeric: boolean): Value {
  return numeric && /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
}

function NumberField({ field, id, label, value, onChange }: FieldProps & { field: FormField & { kind: 'number' } }) {
  return (
    <label class="field" for={id}>
      <span>{label}</span>
      <input id={id} type="number" inputMode={field.integer ? 'numeric' : 'decimal'} step={field.integer ? 1 : 'any'} min={field.min} max={field.max} value={value as number}
        onInput={(e) => {
          const text = (e.target as HTMLInputElement).value;
          if (text !== '' && Number.isFinite(Number(text))) onChange(Number(text));
        }} />
    </label>
  );
}

function NamesField({ field, id, label, name: whole, value, vocabulary, onChange }: FieldProps & { field: FormField & { kind: 'names' } }) {
  const list = value === undefined ? [] : ([] as unknown[]).concat(value).map(String);
  const offered = (field.names ?? vocabulary(field.key)).filter((n) => !list.includes(n));
  const [typing, setTyping] = useState('');
  return (
    <fieldset class="field names">
      <legend>{label}</legend>
      {list.map((name, i) => (
        <span class="entry">
          <input type="text" id={`${id}-${i}`} aria-label={`${whole} ${i + 1}`} value={name} size={Math.max(6, name.length)} onInput={(e) => onChange(list.map((n, j) => (j === i ? (e.target as HTMLInputElement).value : n)))} />
          <button type="button" class="remove" aria-label={`remove ${name} from ${whole}`} onClick={() => onChange(list.filter((_, j) => j !== i))}>×</button>
        </span>
      ))}
      <span class="add-row">
        {offered.length > 0 && (
          <select aria-label={`add to ${whole}`} value="" onChange={(e) => {
            const name = (e.target as HTMLSelectElement).value;
            if (name) onChange([...list, name]);
          }}>
            <option value="">add…</option>
            {offered.map((n) => <option value={n}>{n}</option>)}
          </select>
        )}
        {field.names === null && (
          <>
            <input type="text" aria-label={`new entry of ${whole}`} placeholder="new…" value={typing} onInput={(e) => setTyping((e.target as HTMLInputElement).value)} />
            <button type="button" aria-label={`add the new entry to ${whole}`} disabled={!typing.trim()} onClick={() => {
              onChange([...list, typing.trim()]);
              setTyping('');
            }}>add</button>
          </>
        )}
      </span>
    </fieldset>
  );
}

function EntriesField({ field, id, label, name, value, vocabulary, onChange }: FieldProps & { field: FormField & { kind: 'entries' } }) {
  const list = Array.isArray(value) ? (value as Record<string, Value>[]) : [];
  return (
    <fieldset class="group entries">
      <legend>{label}</legend>
      {list.map((entry, i) => (
        <fieldset class="group entry" id={`${id}.${i}`}>
          <legend>{`${label} ${i + 1}`}</legend>
          <button type="button" class="remove-entry" aria-label={`remove ${name} ${i + 1}`} onClick={() => onChange(list.filter((_, j) => j !== i))}>remove</button>
          <GroupFields group={field.item} id={`${id}.${i}`} name={`${name} ${i + 1}`} value={entry} vocabulary={vocabulary} onChange={(v) => onChange(list.map((x, j) => (j === i ? v : x)))} />
        </fieldset>
      ))}
      <button type="button" class="add-entry" onClick={() => onChange([...list, newEntry(field, `${label} ${list.length + 1}`)])} aria-label={`add to ${name}`}>add to {label}</button>
    </fieldset>
  );
}

function Field(props: FieldProps) {
  const { field, id, label, value, onChange } = props;
  switch (field.kind) {
    case 'number':
      return <NumberField {...props} field={field} />;
    case 'boolean':
      return (
        <label class="field check" for={id}>
          <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />
          <span>{label}</span>
        </label>
      );
    case 'text':
      return (
        <label class="field" for={id}>
          <span>{label}</span>
          <input id={id} type="text" value={value === undefined ? '' : String(value)} onInput={(e) => onChange(typed((e.target as HTMLInputElement).value, field.numeric))} />
        </label>
      );
    case 'choice': {
      const current = value === undefined ? '' : String(value);
      // A value the schema reads but does not list (another spelling of a name) is shown as it is.
      const options = field.options.includes(current) || current === '' ? field.options : [current, ...field.options];
      return (
        <label class="field" for={id}>
          <span>{label}</span>
          <select id={id} value={current} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
            {options.map((o) => <option value={o}>{o}</option>)}
          </select>
        </label>
      );
    }
    case 'names':
      return <NamesField {...props} field={field} />;
    case 'entries':
      return <EntriesField {...props} field={field} />;
    case 'group':
      return (
        <fieldset class="group">
          <legend>{label}</legend>
          <GroupFields group={field} id={id} name={props.name} value={(value ?? {}) as Record<string, Value>} vocabulary={props.vocabulary} onChange={onChange} />
        </fieldset>
      );
  }
}

/** The fields of a group: each with the unit's value, the default it would take, or an "add" button. */
function GroupFields({ group, id, name, value, vocabulary, onChange }: { group: Group; id: string; name: string; value: Record<string, Value>; vocabulary: (key: string) => string[]; onChange: (value: Record<string, Value>) => void }) {
  const prefix = name ? `${name} ` : '';
  const set = (key: string, v: Value) => onChange({ ...value, [key]: v });
  const remove = (key: string) => onChange(Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)));
  const fields = group.fields.map((field) => {
    const fieldId = `${id}.${field.key}`;
    const fieldLabel = `${prefix}${field.key}`;
    const present = Object.hasOwn(value, field.key);
    // An optional field without a default is added and removed as a whole.
    if (field.optional && field.default === undefined) {
      if (!present)
        return (
          <button type="button" class={`add-field${field.kind === 'group' || field.kind === 'entries' ? ' wide' : ''}`} onClick={() => set(field.key, startValue(field, fieldLabel))}>
            add {fieldLabel}
          </button>
        );
      return (
        <div class={`removable${field.kind === 'group' || field.kind === 'entries' || field.kind === 'names' ? ' wide' : ''}`}>
          <Field field={field} id={fieldId} label={field.key} name={fieldLabel} value={value[field.key]} vocabulary={vocabulary} onChange={(v) => set(field.key, v)} />
          <button type="button" class="remove-field" aria-label={`remove ${fieldLabel}`} onClick={() => remove(field.key)}>remove {field.key}</button>
        </div>
      );
    }
    const shown = present ? value[field.key] : field.default ?? startValue(field, fieldLabel);
    return <Field field={field} id={fieldId} label={field.key} name={fieldLabel} value={shown} vocabulary={vocabulary} onChange={(v) => set(field.key, v)} />;
  });
  // Keys the schema does not have stay in the unit untouched (the rule set names them when it refuses them).
  return <div class="fields">{fields}</div>;
}

/**
 * The unit's form. `check` asks the rule set about a changed unit (null when it accepts it, else its
 * one line); an accepted change goes to `onChange`.
 */
export function UnitForm({ side, system, body, vocabulary, check, onChange }: { side: string; system: SystemId; body: UnitBody; vocabulary: (key: string) => string[]; check: (body: UnitBody) => string | null; onChange: (body: UnitBody) => void }) {
  const form = useMemo(() => unitFormOf(system), [system]);
  const [draft, setDraft] = useState<UnitBody>(body);
  const [problem, setProblem] = useState<string | null>(null);
  // The unit as it last came in or went out: a different one (another unit chosen) starts the form afresh.
  const known = useRef(JSON.stringify(body));
  const incoming = JSON.stringify(body);
  useEffect(() => {
    if (incoming === known.current) return;
    known.current = incoming;
    setDraft(body);
    setProblem(null);
  }, [incoming]);
  if (!form) return null;
  const edit = (next: Record<string, Value>) => {
    setDraft(next);
    const refused = check(next);
    setProblem(refused);
    if (refused === null) {
      known.current = JSON.stringify(next);
      onChange(next);
    }
  };
  return (
    <div class="unit-form" id={`${side}-form`}>
      {problem && (
        <p class="error form-problem" role="alert" id={`${side}-form-problem`}>
          {problem} (the answer is still the last accepted unit's)
        </p>
      )}
      <GroupFields group={form} id={`field-${side}`} name="" value={draft} vocabulary={vocabulary} onChange={edit} />
    </div>
  );
}
