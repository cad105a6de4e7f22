/**
 * `--help` fits the terminal: commander wraps its own columns to the help width; the text a
 * command adds after them (what the columns mean, examples) is wrapped here, at spaces, each
 * continuation indented under its line. An example command line (`  $ npx warodds ...`) is
 * continued with a trailing backslash, so it still runs when pasted into a shell.
 */
import type { EventEmitter } from 'node:events';
import type { Command } from 'commander';
import { terminalWidth } from './terminal.js';

const EXAMPLE = /^(\s*)\$ /;

/** Characters as the terminal shows them (every code point one column). */
function columns(text: string): number {
  return [...text].length;
}

function wrapLine(line: string, width: number): string[] {
  if (columns(line) <= width) return [line];
  const example = EXAMPLE.exec(line);
  const indent = /^\s*/.exec(line)![0];
  // A two-column line ("  P(remove)   P(the target ...") continues under its second column.
  const column = /^\s*\S+(?: \S+)*?\s{2,}(?=\S)/.exec(line)?.[0];
  const hanging = example ? `${indent}    ` : column && columns(column) < width / 2 ? ' '.repeat(columns(column)) : `${indent}  `;
  const tail = example ? ' \\' : '';
  const words = line.slice(indent.length).split(' ');
  const out: string[] = [];
  let current = indent;
  for (const word of words) {
    const prefix = current.trim() === '' ? current : `${current} `;
    if (current.trim() !== '' && columns(prefix + word) + columns(tail) > width) {
      out.push(current + tail);
      current = hanging + word;
    } else current = prefix + word;
  }
  out.push(current);
  return out;
}

/** `text` with every line longer than `width` wrapped. */
export function wrapHelpText(text: string, width: number): string {
  return text
    .split('\n')
    .flatMap((line) => wrapLine(line, width))
    .join('\n');
}

/** Makes `cmd`'s help fit the terminal width: commander's columns and the text added after them. */
export function fitHelp(cmd: Command): void {
  const width = terminalWidth();
  cmd.configureHelp({ helpWidth: width });
  // commander's Command is a Node EventEmitter: addHelpText listens to these events.
  const emitter = cmd as unknown as EventEmitter;
  for (const position of ['beforeHelp', 'afterHelp'] as const) {
    const listeners = emitter.listeners(position) as Array<(context: { write: (text: string) => void }) => void>;
    emitter.removeAllListeners(position);
    emitter.on(position, (context: { write: (text: string) => void }) => {
      for (const listener of listeners) listener({ ...context, write: (text: string) => context.write(wrapHelpText(text, width)) });
    });
  }
}
