/**
 * What the terminal can show: its width, and whether to colour.
 *
 * Width: COLUMNS when set (as Python's shutil and most tools read it), else the width of the
 * terminal stdout is, else DEFAULT_WIDTH (output piped to a file or another program).
 *
 * Colour, in order: `--no-color` turns it off; FORCE_COLOR turns it on (off when '0' or
 * 'false'), taking precedence over NO_COLOR as in Node; NO_COLOR (any non-empty value) turns it
 * off; so does TERM=dumb; otherwise colour only when stdout is a terminal.
 */
export const DEFAULT_WIDTH = 120;
/** Narrower than this, tables drop their boxes for the compact layout. */
export const COMPACT_BELOW = 100;

import { stdoutTerminal, type TerminalInfo as Stream } from './stdout.js';

let noColorFlag = false;

/** Set by the command line's `--no-color` before each command runs. */
export function setNoColorFlag(value: boolean): void {
  noColorFlag = value;
}

export function terminalWidth(stream: Stream = stdoutTerminal(), env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = Number(env.COLUMNS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  if (stream.isTTY && stream.columns && stream.columns > 0) return stream.columns;
  return DEFAULT_WIDTH;
}

export function colourWanted(stream: Stream = stdoutTerminal(), env: NodeJS.ProcessEnv = process.env, noColor = noColorFlag): boolean {
  if (noColor) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.toLowerCase());
  if (env.NO_COLOR) return false;
  if (env.TERM === 'dumb') return false;
  return Boolean(stream.isTTY);
}

/** Where a rendered text goes: how wide it may be and whether it may carry colour. */
export interface TextStyle {
  width: number;
  colour: boolean;
}

export function stdoutStyle(): TextStyle {
  return { width: terminalWidth(), colour: colourWanted() };
}
