/**
 * The page: choose a rule set, the units and the situation, ask a question; exact answers update
 * as the form changes (in a Web Worker), Monte Carlo runs on Web Workers with progress and a cancel
 * button. The whole question lives in the URL's hash (the share link).
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { DEFAULT_OPTION, questionsOf, type Unit, withOption } from '../analysis/unit.js';
import { findSystem } from '../systems/lookup.js';
import type { SystemId, UnitBody } from '../systems/types.js';
import { formatCell, type ReportTable } from '../questions/report.js';
import { type Answer, type AnswerSection, checkEdited } from './answer.js';
import { ChartView } from './chart.js';
import { BUILT_IN_UNITS, systemsWithUnits } from './library.js';
import { type Ask, cliCommand, defaultQuestion, type Question, questionFromHash, questionToHash } from './question.js';
import { GridAxes, LengthControls, MoreTargets, RemoveControl } from './question-controls.js';
import { UnitForm } from './unit-form.js';
import { carriedFromFiles, unitOf } from './my-units.js';
import ExactWorker from './exact-worker.ts?worker';

const ASKS: Array<{ id: Ask; label: string }> = [
  { id: 'attack', label: 'Attack' },
  { id: 'fight', label: 'Fight' },
  { id: 'kills', label: 'What kills it' },
  { id: 'compare', label: 'Compare options' },
  { id: 'table', label: 'Damage grid' },
];

/** The exact engine's worker: one question at a time; a newer one ends a busy worker and starts afresh. */
class ExactEngine {
  private worker: Worker | null = null;
  private busy = false;
  private next = 0;

  ask(question: Question, done: (result: { answer?: Answer; error?: string }) => void): void {
    if (this.busy) {
      this.worker?.terminate();
      this.worker = null;
    }
    this.worker ??= new ExactWorker();
    const id = ++this.next;
    this.busy = true;
    this.worker.onmessage = (e: MessageEvent<{ id: number; answer?: Answer; error?: string }>) => {
      if (e.data.id !== id) return;
      this.busy = false;
      done(e.data);
    };
    this.worker.postMessage({ id, question: JSON.parse(JSON.stringify(question)) });
  }
}

/** The rule set's units: the library's, then the player's (one with a library unit's id replaces it). */
function unitsOf(system: SystemId, mine: readonly Unit[] = []): Unit[] {
  const byId = new Map<string, Unit>();
  for (const u of [...BUILT_IN_UNITS, ...mine]) if (u.system === system) byId.set(u.id, u);
  return [...byId.values()];
}

/** The player's units that check out (a link edited by hand may hold one that does not). */
function myUnits(q: Question): Unit[] {
  return (q.units ?? []).flatMap((c) => {
    try {
      return [unitOf(c)];
    } catch {
      return [];
    }
  });
}

/** The names each list key holds across the rule set's units (the form's choices). */
function vocabularyOf(system: SystemId): (key: string) => string[] {
  const seen = new Map<string, Set<string>>();
  const visit = (value: unknown, key: string) => {
    if (Array.isArray(value)) {
      if (value.every((v) => typeof v === 'string')) for (const v of value) (seen.get(key) ?? seen.set(key, new Set()).get(key)!).add(v as string);
      else for (const v of value) visit(v, key);
    } else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) visit(v, k);
  };
  for (const u of unitsOf(system)) {
    visit(u.body, '');
    for (const o of Object.values(u.options)) visit(o, '');
  }
  return (key) => [...(seen.get(key) ?? [])].sort();
}

function initialQuestion(): Question {
  return questionFromHash(location.hash) ?? defaultQuestion();
}

interface McState {
  done: number;
  total: number;
  started: number;
  controller: AbortController;
}

export function App() {
  const [q, setQ] = useState<Question>(initialQuestion);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [mc, setMc] = useState<McState | null>(null);
  const [copied, setCopied] = useState(false);
  const exact = useRef(new ExactEngine());
  const systems = useMemo(systemsWithUnits, []);
  const mine = useMemo(() => myUnits(q), [q.units]);
  const units = unitsOf(q.system, mine);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const [fileNotes, setFileNotes] = useState<string[]>([]);
  const addFiles = async (list: FileList | null) => {
    if (!list?.length) return;
    const files = await Promise.all([...list].map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
    const { units: added, problems, notes } = await carriedFromFiles(files);
    setFileProblems(problems);
    setFileNotes(notes);
    if (added.length) {
      const ids = new Set(added.map((u) => `${String(u.json.system)}/${u.id}`));
      update({ units: [...(q.units ?? []).filter((u) => !ids.has(`${String(u.json.system)}/${u.id}`)), ...added] });
    }
  };
  const vocabulary = useMemo(() => vocabularyOf(q.system), [q.system]);
  const system = findSystem(q.system);
  const questions = questionsOf(system);
  const find = (id: string) => units.find((u) => u.id === id) ?? units[0];
  const attacker = find(q.attacker);
  const target = find(q.target);
  const asks = ASKS.filter((a) => a.id !== 'fight' || questions.fights);
  const update = (change: Partial<Question>) => setQ((old) => ({ ...old, ...change }));

  // A share link opened in this tab (the hash changed by hand or by a link) asks its question.
  useEffect(() => {
    const follow = () => {
      const linked = questionFromHash(location.hash);
      if (linked) setQ(linked);
    };
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);

  // The share link follows the question.
  useEffect(() => {
    history.replaceState(null, '', questionToHash(q));
  }, [q]);

  // Exact answers follow every edit.
  useEffect(() => {
    if (q.engine !== 'exact') return;
    setPending(true);
    exact.current.ask(q, (r) => {
      setPending(false);
      setGeneration((g) => g + 1);
      if (r.error !== undefined) {
        setError(r.error);
        setAnswer(null);
      } else {
        setError(null);
        setAnswer(r.answer!);
      }
    });
  }, [q]);

  const runMonteCarlo = async () => {
    mc?.controller.abort();
    const controller = new AbortController();
    const [{ answer: ask, errorLine }, { webHost, browserThreads }] = await Promise.all([import('./answer.js'), import('./monte-carlo.js')]);
    const pairings = q.ask === 'attack' || q.ask === 'fight' ? 1 : 0;
    const state: McState = { done: 0, total: q.samples * Math.max(1, pairings), started: performance.now(), controller };
    setMc(state);
    setError(null);
    let before = 0;
    const progress = {
      update: (doneInPart: number) => setMc((s) => (s && s.controller === controller ? { ...s, done: before + doneInPart, total: Math.max(s.total, before + doneInPart) } : s)),
      endPart: (samples: number) => {
        before += samples;
      },
    };
    try {
      const result = await ask(q, { monteCarlo: { samples: q.samples, seed: q.seed, threads: browserThreads(), host: webHost, progress, signal: controller.signal } });
      setAnswer(result);
      setGeneration((g) => g + 1);
    } catch (e) {
      if (!controller.signal.aborted) setError(errorLine(e));
    } finally {
      setMc((s) => (s?.controller === controller ? null : s));
    }
  };

  const side = (role: 'attacker' | 'target', unit: Unit) => {
    const option = role === 'attacker' ? q.attackerOption : q.targetOption;
    const options = [DEFAULT_OPTION, ...Object.keys(unit.options)];
    const edited = q.edited[role];
    const body = edited ?? withOption(unit, options.includes(option) ? option : DEFAULT_OPTION);
    return (
      <section class="side" aria-labelledby={`${role}-heading`}>
        <h2 id={`${role}-heading`}>{role === 'attacker' ? 'Attacker' : 'Target'}</h2>
        <label class="field" for={`${role}-unit`}>
          <span>Unit</span>
          <select id={`${role}-unit`} value={unit.id} onChange={(e) => update({ [role]: (e.target as HTMLSelectElement).value, [`${role}Option`]: DEFAULT_OPTION, edited: { ...q.edited, [role]: undefined } })}>
            {units.map((u) => <option value={u.id}>{u.name}</option>)}
          </select>
        </label>
        {options.length > 1 && (
          <label class="field" for={`${role}-option`}>
            <span>Option</span>
            <select id={`${role}-option`} value={option} disabled={edited !== undefined} onChange={(e) => update({ [`${role}Option`]: (e.target as HTMLSelectElement).value })}>
              {options.map((o) => <option value={o}>{o}</option>)}
            </select>
          </label>
        )}
        <p class="summary">{questions.summary(body)}</p>
        <details class="edit">
          <summary>Edit {role}{edited ? ' (edited)' : ''}</summary>
          {edited && (
            <button type="button" class="link" onClick={() => update({ edited: { ...q.edited, [role]: undefined } })}>
              Back to the library's unit
            </button>
          )}
          <UnitForm side={role} system={q.system} body={body} vocabulary={vocabulary} check={(b: UnitBody) => checkEdited({ ...q, edited: { ...q.edited, [role]: b } })} onChange={(b: UnitBody) => update({ edited: { ...q.edited, [role]: b } })} />
        </details>
      </section>
    );
  };

  const elapsed = mc ? (performance.now() - mc.started) / 1000 : 0;
  const rate = mc && elapsed > 0 ? mc.done / elapsed : 0;
  const left = mc && rate > 0 ? (mc.total - mc.done) / rate : null;
  const shareUrl = `${location.origin}${location.pathname}${questionToHash(q)}`;

  return (
    <main
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        addFiles(e.dataTransfer?.files ?? null);
      }}
    >
      <header>
        <h1>warodds</h1>
        <p class="tagline">Exact combat odds for tabletop fantasy wargames</p>
      </header>
      <form class="question" onSubmit={(e) => e.preventDefault()}>
        <label class="field" for="system">
          <span>Rule set</span>
          <select id="system" value={q.system} onChange={(e) => {
            const id = (e.target as HTMLSelectElement).value as SystemId;
            const first = unitsOf(id, mine);
            const sq = questionsOf(findSystem(id));
            update({
              system: id,
              attacker: first[0].id,
              target: (first.find((u) => sq.canBeTarget(u.body)) ?? first[0]).id,
              attackerOption: DEFAULT_OPTION,
              targetOption: DEFAULT_OPTION,
              edited: {},
              ask: q.ask === 'fight' && !sq.fights ? 'attack' : q.ask,
              // The engagement's length, the other targets and the grid's axes are the rule set's own.
              steps: undefined,
              pairs: undefined,
              remove: undefined,
              moreTargets: undefined,
              rows: undefined,
              cols: undefined,
              gridTarget: undefined,
            });
          }}>
            {systems.map((s) => <option value={s.id}>{s.name}</option>)}
          </select>
        </label>
        <fieldset class="mine">
          <legend>Your units</legend>
          <label class="field" for="unit-files">
            <span>A roster or catalogue (BattleScribe, New Recruit) or unit files (JSON): choose them or drop them on the page</span>
            <input id="unit-files" type="file" accept=".ros,.rosz,.cat,.catz,.gst,.json,application/json" multiple onChange={(e) => addFiles((e.target as HTMLInputElement).files)} />
          </label>
          {mine.length > 0 && (
            <p id="my-units">
              {mine.length} of your units: {mine.map((u) => `${u.system}/${u.id}`).join(', ')}{' '}
              <button type="button" class="link" onClick={() => update({ units: [] })}>Remove them</button>
            </p>
          )}
          {fileNotes.length > 0 && (
            <ul class="notes">
              {fileNotes.map((n) => <li>{n}</li>)}
            </ul>
          )}
          {fileProblems.length > 0 && (
            <ul class="error" role="alert">
              {fileProblems.map((p) => <li>{p}</li>)}
            </ul>
          )}
        </fieldset>
        <fieldset class="asks">
          <legend>Question</legend>
          {asks.map((a) => (
            <label class={`ask ${q.ask === a.id ? 'chosen' : ''}`}>
              <input type="radio" name="ask" value={a.id} checked={q.ask === a.id} onChange={() => update({ ask: a.id })} />
              {a.label}
            </label>
          ))}
        </fieldset>
        <div class="sides">
          {q.ask !== 'kills' && side('attacker', attacker)}
          {q.ask !== 'table' && side('target', target)}
        </div>
        {q.ask === 'compare' && <MoreTargets q={q} units={units} update={update} />}
        {q.ask === 'table' && <GridAxes q={q} units={units} update={update} />}
        <fieldset class="situation">
          <legend>Situation</legend>
          {(['charge', 'flank', 'rear', 'shooting'] as const)
            .filter((k) => k !== 'shooting' || q.ask !== 'fight')
            .map((k) => (
              <label class="toggle">
                <input type="checkbox" id={`situation-${k}`} checked={q[k]} onChange={(e) => {
                  const on = (e.target as HTMLInputElement).checked;
                  update({ [k]: on, ...(k === 'flank' && on ? { rear: false } : {}), ...(k === 'rear' && on ? { flank: false } : {}) });
                }} />
                {k}
              </label>
            ))}
          {(q.ask === 'kills' || q.ask === 'compare') && <LengthControls q={q} update={update} />}
          {(q.ask === 'kills' || q.ask === 'compare' || q.ask === 'table') && <RemoveControl q={q} update={update} />}
          {q.ask === 'fight' && (
            <label class="field inline" for="rounds">
              <span>Rounds (cap)</span>
              <input id="rounds" type="number" min={1} max={50} value={q.rounds ?? ''} placeholder="12" onInput={(e) => {
                const v = (e.target as HTMLInputElement).value;
                update({ rounds: v === '' ? undefined : Math.max(1, Math.min(50, Math.round(Number(v)))) });
              }} />
            </label>
          )}
        </fieldset>
        <fieldset class="engine">
          <legend>Engine</legend>
          <label class="toggle">
            <input type="radio" name="engine" id="engine-exact" checked={q.engine === 'exact'} onChange={() => update({ engine: 'exact' })} />
            exact (updates as you edit)
          </label>
          <label class="toggle">
            <input type="radio" name="engine" id="engine-mc" checked={q.engine === 'mc'} onChange={() => update({ engine: 'mc' })} />
            Monte Carlo
          </label>
          {q.engine === 'mc' && (
            <div class="mc">
              <label class="field inline" for="samples">
                <span>Samples</span>
                <input id="samples" type="number" min={1} value={q.samples} onInput={(e) => {
                  const n = Math.round(Number((e.target as HTMLInputElement).value));
                  if (n >= 1) update({ samples: n });
                }} />
              </label>
              <label class="field inline" for="seed">
                <span>Seed</span>
                <input id="seed" type="text" value={q.seed} onInput={(e) => update({ seed: (e.target as HTMLInputElement).value })} />
              </label>
              {mc ? (
                <button type="button" id="cancel" onClick={() => mc.controller.abort()}>Cancel</button>
              ) : (
                <button type="button" id="run" class="primary" onClick={runMonteCarlo}>Run</button>
              )}
              {mc && (
                <div class="progress" role="status">
                  <progress max={mc.total} value={mc.done} />
                  <span>
                    {Math.round((100 * mc.done) / mc.total)}% · {Math.round(rate).toLocaleString('en')} samples/s
                    {left !== null ? ` · ${left.toFixed(1)} s left` : ''}
                  </span>
                </div>
              )}
            </div>
          )}
        </fieldset>
      </form>
      <section class="answer" aria-live="polite" data-generation={generation} data-pending={pending ? 'yes' : 'no'}>
        {error && <p class="error" role="alert">{error}</p>}
        {answer && !error && <AnswerView answer={answer} />}
        <div class="share">
          <h2>Share</h2>
          <p>
            <a id="share-link" href={shareUrl}>Link to this question</a>{' '}
            <button type="button" onClick={() => navigator.clipboard?.writeText(shareUrl).then(() => setCopied(true))}>{copied ? 'Copied' : 'Copy link'}</button>
          </p>
          <p>The same question on the command line:</p>
          <pre id="cli-command">{answer && !error ? answer.command : cliCommand(q)}</pre>
        </div>
      </section>
    </main>
  );
}

function TableView({ table }: { table: ReportTable }) {
  return (
    <div class="table-box">
      <table>
        <caption>{table.title}</caption>
        <thead>
          <tr>{table.columns.map((c) => <th scope="col">{c.name}</th>)}</tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr>{row.map((cell, i) => (i === 0 ? <th scope="row">{formatCell(cell, table.columns[i].kind)}</th> : <td>{formatCell(cell, table.columns[i].kind)}</td>))}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A further block of the answer (the same question in another situation), under its own heading. */
function SectionView({ section }: { section: AnswerSection }) {
  return (
    <section class="also-under" aria-labelledby="also-under-heading">
      <h3 id="also-under-heading">{section.heading}</h3>
      {section.lines.map((l) => <p class="verdict">{l}</p>)}
      <div class="charts">
        {section.charts.map((c) => <ChartView chart={c} />)}
      </div>
      {section.tables.map((t) => <TableView table={t} />)}
    </section>
  );
}

function AnswerView({ answer }: { answer: Answer }) {
  return (
    <>
      <h2 id="answer-title">{answer.title}</h2>
      {answer.lines.map((l) => <p class="verdict">{l}</p>)}
      {answer.notes.length > 0 && (
        <ul class="notes">
          {answer.notes.map((n) => <li>{n}</li>)}
        </ul>
      )}
      <div class="charts">
        {answer.charts.map((c) => <ChartView chart={c} />)}
      </div>
      {answer.tables.map((t) => <TableView table={t} />)}
      {answer.alsoUnder && <SectionView section={answer.alsoUnder} />}
      <details class="record" open>
        <summary>What it assumed</summary>
        <ul id="provenance">
          {answer.provenance.map((l) => <li>{l}</li>)}
        </ul>
      </details>
      <details class="json">
        <summary>JSON (as <code>--json</code> prints it)</summary>
        <pre id="answer-json">{JSON.stringify(answer.json, null, 2)}</pre>
      </details>
    </>
  );
}
