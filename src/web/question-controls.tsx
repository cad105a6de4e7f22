/**
 * The form's controls for what kills, compare and table take besides the units and the situation,
 * each a flag of the CLI: an engagement's length in the rule set's own word (`--turns`, `--bounds`)
 * and `--pairs`; compare's further targets (`--target a,b,c`); the grid's axes (`--rows`, `--cols`,
 * `--metric`, `--target`, `--large`); what P(remove) counts (`--remove`). The rule set says which it
 * has; nothing here knows a rule.
 */
import { questionsOf, type Unit } from '../analysis/unit.js';
import { MAX_GRID_CELLS } from '../analysis/grid.js';
import { findSystem } from '../systems/lookup.js';
import { asksEngagement, type Question } from './question.js';

type Update = (change: Partial<Question>) => void;

/** Turns (Kings of War, Age of Sigmar) or bounds (HOTT) of an engagement, and pairs of attackers for kills. */
export function LengthControls({ q, update }: { q: Question; update: Update }) {
  const e = questionsOf(findSystem(q.system)).engagements;
  if (!e) return null;
  const label = e.step === 'turns' ? 'Turns' : 'Bounds';
  return (
    <>
      <label class="field inline" for="steps">
        <span>{label} (empty: one attack)</span>
        <input
          id="steps"
          type="number"
          min={1}
          max={e.maxSteps}
          value={q.steps ?? ''}
          placeholder="one attack"
          onInput={(ev) => {
            const v = (ev.target as HTMLInputElement).value;
            if (v === '') update({ steps: undefined, pairs: undefined });
            else if (Number.isFinite(Number(v))) update({ steps: Math.max(1, Math.min(e.maxSteps, Math.round(Number(v)))) });
          }}
        />
      </label>
      {q.ask === 'kills' && q.steps !== undefined && (
        <label class="toggle">
          <input type="checkbox" id="pairs" checked={Boolean(q.pairs)} onChange={(ev) => update({ pairs: (ev.target as HTMLInputElement).checked || undefined })} />
          pairs of attackers
        </label>
      )}
    </>
  );
}

/** compare: the units it is compared against besides the target, in the order chosen. */
export function MoreTargets({ q, units, update }: { q: Question; units: readonly Unit[]; update: Update }) {
  const sq = questionsOf(findSystem(q.system));
  const more = q.moreTargets ?? [];
  const choices = units.filter((u) => u.id !== q.target && sq.canBeTarget(u.body));
  if (!choices.length) return null;
  return (
    <fieldset class="more-targets">
      <legend>Also against</legend>
      {choices.map((u) => (
        <label class="toggle">
          <input
            type="checkbox"
            id={`more-target-${u.id}`}
            checked={more.includes(u.id)}
            onChange={(ev) => {
              const on = (ev.target as HTMLInputElement).checked;
              const next = on ? [...more.filter((id) => id !== u.id), u.id] : more.filter((id) => id !== u.id);
              update({ moreTargets: next.length ? next : undefined });
            }}
          />
          {u.name}
        </label>
      ))}
    </fieldset>
  );
}

/** table: the row and column axes, what each cell shows, the base target, and a grid past the cell limit. */
export function GridAxes({ q, units, update }: { q: Question; units: readonly Unit[]; update: Update }) {
  const sq = questionsOf(findSystem(q.system));
  const grid = sq.defaultGrid;
  const text = (key: 'rows' | 'cols' | 'metric') => (ev: Event) => {
    const v = (ev.target as HTMLInputElement).value;
    update({ [key]: v.trim() === '' ? undefined : v });
  };
  return (
    <fieldset class="grid-axes">
      <legend>Grid</legend>
      <p class="summary" id="grid-keys">Keys: {Object.keys(sq.tableKeys).join(', ')}</p>
      <label class="field" for="grid-rows">
        <span>Rows (key=values)</span>
        <input id="grid-rows" type="text" value={q.rows ?? ''} placeholder={grid.rows} onInput={text('rows')} />
      </label>
      <label class="field" for="grid-cols">
        <span>Columns (key=values)</span>
        <input id="grid-cols" type="text" value={q.cols ?? ''} placeholder={grid.cols} onInput={text('cols')} />
      </label>
      <label class="field" for="grid-metric">
        <span>Cells: mean, p-remove or p&gt;=K</span>
        <input id="grid-metric" type="text" value={q.metric ?? ''} placeholder={grid.metric ?? 'mean'} onInput={text('metric')} />
      </label>
      <label class="field" for="grid-target">
        <span>Base target</span>
        <select id="grid-target" value={q.gridTarget ?? ''} onChange={(ev) => update({ gridTarget: (ev.target as HTMLSelectElement).value || undefined })}>
          <option value="">the standard target ({sq.summary(grid.target)})</option>
          {units.filter((u) => sq.canBeTarget(u.body)).map((u) => <option value={u.id}>{u.name}</option>)}
        </select>
      </label>
      <label class="toggle">
        <input type="checkbox" id="grid-large" checked={Boolean(q.large)} onChange={(ev) => update({ large: (ev.target as HTMLInputElement).checked || undefined })} />
        more than {MAX_GRID_CELLS.toLocaleString('en')} cells
      </label>
    </fieldset>
  );
}

/**
 * What P(remove) counts (`--remove`): the target destroyed (routed in Kings of War), or broken too,
 * offered where the rule set has break tests (its questions' breakVerb); an engagement counts
 * removal only, as the CLI does.
 */
export function RemoveControl({ q, update }: { q: Question; update: Update }) {
  const sq = questionsOf(findSystem(q.system));
  if (!sq.breakProbability || asksEngagement(q)) return null;
  return (
    <label class="field inline" for="remove">
      <span>P(remove) counts</span>
      <select id="remove" value={q.remove ?? 'destroyed'} onChange={(ev) => {
        const v = (ev.target as HTMLSelectElement).value;
        update({ remove: v === 'break' ? 'break' : undefined });
      }}>
        <option value="destroyed">to {sq.removeVerb} it</option>
        <option value="break">to {sq.breakVerb ?? 'break'} it</option>
      </select>
    </label>
  );
}
