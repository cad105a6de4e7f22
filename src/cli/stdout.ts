/**
 * Where a command's output goes. In-process (the tests, which swap `process.stdout.write`), it is
 * `process.stdout`. The bin (main.ts) writes to file descriptor 1 directly instead: creating
 * `process.stdout` loads Node's stream and socket modules, 5–6 ms of CPU that an exact command
 * would spend on one write (start-up). The stream is still created when something needs
 * it (a terminal's width, commander's help), and main.ts handles its errors as a direct write's.
 */
import { fstatSync, statSync, writeSync } from 'node:fs';

let direct: ((error: NodeJS.ErrnoException) => never) | null = null;

/** The bin's choice: write to descriptor 1 directly; a failed write calls `onError`. */
export function writeStdoutDirectly(onError: (error: NodeJS.ErrnoException) => never): void {
  direct = onError;
}

/** A control character, or an escape sequence other than a colour (SGR, `ESC [ … m`). */
const UNSAFE = /\x1b(?!\[[0-9;]*m)|[\u0000-\u0009\u000b-\u001a\u001c-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Text as the terminal may receive it: every control character but the newline, and every
 * escape sequence but a colour, shown escaped (\u001b). Input (a scenario, unit or option name,
 * a file name) can never set the window title or clear the screen through warodds' output.
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Write `text` to standard output, all of it, control characters escaped (terminalSafe). */
export function writeStdout(raw: string): void {
  const text = terminalSafe(raw);
  if (!direct) {
    process.stdout.write(text);
    return;
  }
  let rest = Buffer.from(text, 'utf8');
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      // A non-blocking pipe that is full: wait a millisecond for the reader, then write on.
      if (e.code === 'EAGAIN') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      else direct(e);
    }
  }
}

/** What terminal.ts reads of standard output: whether it is a terminal, and its width. */
export interface TerminalInfo {
  isTTY?: boolean;
  columns?: number;
}

/**
 * Standard output as terminal.ts sees it. Direct: a file, a pipe or the null device is not a
 * terminal, known from fstat without creating the stream; anything else asks the stream.
 */
export function stdoutTerminal(): TerminalInfo {
  if (direct && !mayBeTerminal()) return { isTTY: false };
  return process.stdout;
}

let notTerminal: boolean | undefined;

function mayBeTerminal(): boolean {
  notTerminal ??= isPlainOutput();
  return !notTerminal;
}

function isPlainOutput(): boolean {
  try {
    const out = fstatSync(1);
    if (!out.isCharacterDevice()) return true;
    const devNull = statSync('/dev/null');
    return out.rdev === devNull.rdev && out.ino === devNull.ino && out.dev === devNull.dev;
  } catch {
    return false;
  }
}
