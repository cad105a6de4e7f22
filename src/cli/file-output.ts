/**
 * Writing a file the user named (`--html FILE`): only a new path or an existing regular file is
 * written. A directory, a device node, a FIFO, a socket or a symbolic link is refused (replacing
 * one would destroy it, or write through it). The content goes to a temporary file next to the
 * target, which then replaces it in one rename: an existing file keeps its permission bits, and
 * on any failure the temporary file is removed and the original is untouched. A Ctrl-C or SIGTERM
 * while the file is written waits until the write is done or undone (the write is synchronous,
 * and a handler runs only after it), then ends the process: no temporary file is left behind.
 */
import { accessSync, existsSync, closeSync, constants, fchmodSync, fsyncSync, lstatSync, openSync, realpathSync, renameSync, type Stats, statSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import { INTERRUPTED_EXIT_CODE, TERMINATED_EXIT_CODE } from './interrupt.js';
import { fileKind, shownPath } from '../json-file.js';

/**
 * Refuse, before any work, a path that cannot be written: an empty one, one that is not a new path
 * or a regular file (lstat: a symlink itself is refused), a new path in a folder that does not
 * exist or cannot be written, or one of the command's own input files (`inputs`: the scenario file;
 * `inputFolders`: a unit folder, whose .json files are its units).
 */
/** `--html FILE` of a command that reads `scenario` (a file, or a bundled id) and user units: checked before any work. */
export function checkHtmlPath(html: string | undefined, scenario?: string, units?: string): void {
  if (html === undefined) return;
  const folders = [units ?? process.env.WARODDS_UNITS].filter((d): d is string => Boolean(d));
  checkOutputPath(html, '--html', scenario !== undefined && existsSync(scenario) ? [scenario] : [], folders);
}

export function checkOutputPath(path: string, flag: string, inputs: readonly string[] = [], inputFolders: readonly string[] = []): Stats | null {
  if (path === '') throw new InputError(`${flag}: give a file name (an empty path writes nowhere)`);
  const target = resolvedPath(path);
  if (inputs.some((input) => resolvedPath(input) === target))
    throw new InputError(`${flag}: ${shownPath(path)} is one of this command's own inputs; writing it would destroy it: give another file`);
  const inFolder = (folder: string) => [dirname(target), dirname(dirname(target))].includes(resolvedPath(folder));
  if (target.endsWith('.json') && inputFolders.some(inFolder))
    throw new InputError(`${flag}: ${shownPath(path)} is in the unit folder this command reads; writing it would replace a unit: give another file`);
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      checkFolder(path, flag);
      return null;
    }
    throw new InputError(`${flag}: cannot write ${shownPath(path)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (!st.isFile()) throw new InputError(`${flag}: ${shownPath(path)} is ${fileKind(st)}; warodds writes only to a regular file or a new path`);
  return st;
}

/** A new file's folder must exist, be a folder and be writable. */
function checkFolder(path: string, flag: string): void {
  const folder = dirname(path);
  try {
    if (!statSync(folder).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    accessSync(folder, constants.W_OK);
  } catch (e) {
    throw new InputError(`${flag}: cannot write ${shownPath(path)}: its folder ${shownPath(folder)} ${folderProblem((e as NodeJS.ErrnoException).code)}`);
  }
}

function folderProblem(code: string | undefined): string {
  if (code === 'ENOENT') return 'does not exist';
  if (code === 'ENOTDIR') return 'is not a folder';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'cannot be written';
  return `cannot be used (${code ?? 'unknown error'})`;
}

/** A path with its symbolic links resolved where it exists (its folder's, for a new file). */
function resolvedPath(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    try {
      return join(realpathSync(dirname(absolute)), basename(absolute));
    } catch {
      return absolute;
    }
  }
}

/** Test seam: called once the temporary file is open (a test sends a signal there). */
export const writeHooks: { afterOpen?: () => void } = {};

export function writeOutputFile(path: string, content: string, flag: string): void {
  const existing = checkOutputPath(path, flag);
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  holdSignals();
  writing = temporary;
  try {
    writeThroughTemporary(path, temporary, existing, content, flag);
  } finally {
    writing = null;
  }
}

/** The temporary file being written, if any. */
let writing: string | null = null;
let held = false;

/**
 * From the first file write on, SIGINT and SIGTERM get a handler instead of their default action
 * (which ends the process at once, leaving the temporary file). A signal that comes during the
 * synchronous write is handled once it returns: the handler removes a temporary file if one is
 * left and ends the process with 130 or 143. It stays for the rest of the run (what follows a
 * write is at most printing the answer): removing it could lose a signal that came during the write.
 */
function holdSignals(): void {
  if (held) return;
  held = true;
  const onSignal = (signal: NodeJS.Signals) => {
    if (writing) unlinkQuietly(writing);
    if (signal === 'SIGINT') process.stderr.write('\nwarodds: interrupted\n');
    process.exit(signal === 'SIGINT' ? INTERRUPTED_EXIT_CODE : TERMINATED_EXIT_CODE);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

function writeThroughTemporary(path: string, temporary: string, existing: Stats | null, content: string, flag: string): void {
  let fd: number | undefined;
  let created = false;
  try {
    // 'wx': the temporary name must be new. A new file gets 0666 less the umask, like any file.
    fd = openSync(temporary, 'wx', 0o666);
    created = true;
    writeHooks.afterOpen?.();
    if (existing) fchmodSync(fd, existing.mode & 0o7777);
    const bytes = Buffer.from(content, 'utf8');
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, path);
  } catch (e) {
    if (fd !== undefined) closeQuietly(fd);
    if (created) unlinkQuietly(temporary);
    throw new InputError(`${flag}: cannot write ${shownPath(path)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already failing: the first error is the one reported
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // nothing to remove
  }
}
