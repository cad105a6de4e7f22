/**
 * Reading a JSON file the user (or the package) supplies. Only a regular file (or a symlink to
 * one) of at most MAX_INPUT_FILE_BYTES is read: a FIFO, a device such as /dev/zero, a socket or a
 * directory is refused at once, without reading (the file is opened non-blocking, so a FIFO with
 * no writer does not hang). `//` line comments are allowed. A missing file, invalid JSON or a key repeated in one object is one
 * InputError naming the flag and the file.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { InputError } from './core/errors.js';
import { escapeForTerminal, JsonDuplicateKeyError, JsonSyntaxError, parseJsonStrict } from './core/json.js';
import { blankLineComments } from './core/json-comments.js';

/** Scenario and unit files are a few kilobytes; 10 MB leaves room and bounds memory. */
export const MAX_INPUT_FILE_BYTES = 10 * 1024 * 1024;

/** What a non-regular file is, for messages. */
export function fileKind(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/** A path as it may appear in a one-line message. */
export function shownPath(path: string): string {
  return `'${escapeForTerminal(path)}'`;
}

/** The bytes of a regular file of at most MAX_INPUT_FILE_BYTES, as UTF-8 text. */
export function readTextFile(path: string, flag: string): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new InputError(`${flag}: cannot read ${shownPath(path)} (${errnoText(e)})`);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new InputError(`${flag}: ${shownPath(path)} is ${fileKind(st)}, not a regular file`);
    if (st.size > MAX_INPUT_FILE_BYTES) throw tooLarge(path, flag);
    // Read in chunks up to one byte past the limit: a file that grows while it is read is still bounded.
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, MAX_INPUT_FILE_BYTES + 1 - length));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      length += n;
      if (length > MAX_INPUT_FILE_BYTES) throw tooLarge(path, flag);
    }
    return Buffer.concat(chunks, length).toString('utf8');
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${flag}: cannot read ${shownPath(path)} (${errnoText(e)})`);
  } finally {
    closeSync(fd);
  }
}

/** A JSON file; `//` line comments are allowed (as in the unit templates, `warodds units --template`). */
export function readJsonFile(path: string, flag: string): unknown {
  return parseJsonText(blankLineComments(readTextFile(path, flag)), `${flag}: ${shownPath(path)}`);
}

/** Parse JSON text the user gave; `origin` names where it came from in the message. */
export function parseJsonText(text: string, origin: string): unknown {
  try {
    return parseJsonStrict(text);
  } catch (e) {
    if (e instanceof JsonDuplicateKeyError) throw new InputError(`${origin}: ${e.message}`);
    if (e instanceof JsonSyntaxError) throw new InputError(`${origin} is not valid JSON (${e.message})`);
    throw e;
  }
}

function tooLarge(path: string, flag: string): InputError {
  return new InputError(`${flag}: ${shownPath(path)} is larger than ${MAX_INPUT_FILE_BYTES / (1024 * 1024)} MB`);
}

function errnoText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  return code ?? (e as Error).message;
}
