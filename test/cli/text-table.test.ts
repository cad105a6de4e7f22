/**
 * Terminal tables that fit: for random tables and terminal widths (fast-check, seed 42), every
 * line fits the width, every id (key cell) and every number appears whole on one line, and every
 * word of free text appears; boxes from 100 columns, the compact layout below. Colour follows
 * --no-color, FORCE_COLOR, NO_COLOR, TERM=dumb and whether stdout is a terminal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayWidth, renderTextTable, type TextColumn, type TextTable } from '../../src/cli/render/text-table.js';
import { colourWanted, terminalWidth } from '../../src/cli/terminal.js';

const word = fc.stringMatching(/^[a-z(≥)]{1,9}$/);
const id = fc.stringMatching(/^[a-z0-9]{2,6}\/[a-z0-9-]{1,24}$/);
const number = fc.double({ min: 0, max: 1000, noNaN: true }).map((x) => x.toFixed(2));
const words = fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));

const table: fc.Arbitrary<TextTable> = fc
  .record({
    keys: fc.integer({ min: 1, max: 2 }),
    others: fc.array(fc.constantFrom('number', 'text'), { minLength: 1, maxLength: 9 }),
    heads: fc.array(words, { minLength: 11, maxLength: 11 }),
    rows: fc.integer({ min: 1, max: 6 }),
  })
  .chain(({ keys, others, heads, rows }) => {
    const columns: TextColumn[] = [
      ...Array.from({ length: keys }, (_, i) => ({ head: heads[i], align: 'left' as const, key: true })),
      ...others.map((kind, i) => ({ head: heads[keys + i], align: kind === 'number' ? ('right' as const) : ('left' as const), wrap: kind === 'text' })),
    ];
    const cell = (c: TextColumn) => (c.key ? id : c.wrap ? words : number);
    return fc.array(fc.tuple(...columns.map(cell)), { minLength: rows, maxLength: rows }).map((r) => ({ columns, rows: r as string[][] }));
  });

describe('terminal tables fit the width', () => {
  it('every line fits, every id and number whole on a line, every word of text present (random tables, widths 40–200)', () => {
    fc.assert(
      fc.property(table, fc.integer({ min: 40, max: 200 }), (t, width) => {
        const out = renderTextTable(t, width);
        const lines = out.split('\n');
        for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(width);
        const text = lines.join(' ');
        t.rows.forEach((row) =>
          row.forEach((cell, i) => {
            const c = t.columns[i];
            if (c.wrap) for (const w of (cell as string).split(' ')) expect(text).toContain(w);
            else expect(lines.some((l) => l.includes(cell as string))).toBe(true);
          }),
        );
        const boxed = out.includes('┌');
        if (width < 100) expect(boxed).toBe(false);
      }),
      { seed: 42, numRuns: 150 },
    );
  });

  it('a table that fits is one box at 100 columns and more, and the compact layout below', () => {
    const t: TextTable = {
      columns: [
        { head: 'attacker', align: 'left', key: true },
        { head: 'P(destroy)', align: 'right' },
      ],
      rows: [['aos/clawlord', '9.9%']],
    };
    expect(renderTextTable(t, 100).split('\n')).toEqual(['┌──────────────┬────────────┐', '│ attacker     │ P(destroy) │', '├──────────────┼────────────┤', '│ aos/clawlord │       9.9% │', '└──────────────┴────────────┘']);
    expect(renderTextTable(t, 99).split('\n')).toEqual(['attacker      P(destroy)', '────────────  ──────────', 'aos/clawlord        9.9%']);
  });

  it('ids wider than the width allows for any column beside them: one block per row, ids whole', () => {
    const columns: TextColumn[] = [
      { head: 'target', align: 'left', key: true },
      { head: 'option', align: 'left', key: true },
      { head: 'mean', align: 'right' },
    ];
    const out = renderTextTable({ columns, rows: [['whfb/great-weapon-elites', 'hand-weapons-and-shields', '0.83']] }, 40);
    expect(out.split('\n')).toEqual(['whfb/great-weapon-elites', 'hand-weapons-and-shields', '  mean: 0.83']);
  });

  it('too wide for one table: panels, each repeating the id column', () => {
    const columns: TextColumn[] = [{ head: 'attacker \\ target', align: 'left', key: true }, ...Array.from({ length: 12 }, (_, i) => ({ head: `opponent-${i}`, align: 'right' as const }))];
    const out = renderTextTable({ columns, rows: [['hott/behemoths', ...Array.from({ length: 12 }, () => '41.7%')]] }, 80);
    const panels = out.split('\n\n');
    expect(panels.length).toBeGreaterThan(1);
    for (const p of panels) expect(p).toContain('hott/behemoths');
    expect(out.match(/41\.7%/g)).toHaveLength(12);
  });
});

describe('terminal width and colour', () => {
  it('width: COLUMNS, else the terminal, else 120', () => {
    expect(terminalWidth({ isTTY: true, columns: 90 }, { COLUMNS: '80' })).toBe(80);
    expect(terminalWidth({ isTTY: true, columns: 90 }, {})).toBe(90);
    expect(terminalWidth({ isTTY: false }, {})).toBe(120);
    expect(terminalWidth({ isTTY: false }, { COLUMNS: 'wide' })).toBe(120);
  });

  it('colour: --no-color, then FORCE_COLOR, then NO_COLOR and TERM=dumb, then whether stdout is a terminal', () => {
    const tty = { isTTY: true };
    const pipe = { isTTY: false };
    expect(colourWanted(tty, {}, false)).toBe(true);
    expect(colourWanted(pipe, {}, false)).toBe(false);
    expect(colourWanted(tty, {}, true)).toBe(false);
    expect(colourWanted(tty, { NO_COLOR: '1' }, false)).toBe(false);
    expect(colourWanted(tty, { NO_COLOR: '' }, false)).toBe(true); // NO_COLOR counts only when non-empty
    expect(colourWanted(tty, { TERM: 'dumb' }, false)).toBe(false);
    expect(colourWanted(pipe, { FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colourWanted(pipe, { FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true);
    expect(colourWanted(tty, { FORCE_COLOR: '0' }, false)).toBe(false);
    expect(colourWanted(pipe, { FORCE_COLOR: '1' }, true)).toBe(false);
  });
});
