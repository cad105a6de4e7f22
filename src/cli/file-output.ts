/**
 * Writing a file the user named (`--html FILE`): only a new path or an existing regular file is
 * written. A directory, a device node, a FIFO, a socket or a symbolic link is refused (replacing
 * one would destroy it, or write through it). The content goes to a temporary file next to the
 * target, which then replaces it in one rename: an existing file keeps its permission bits, and
 * on any failure the temporary file is removed and the original is untouched.
 */
import { closeSync, fchmodSync, fsyncSync, lstatSync, openSync, renameSync, type Stats, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../core/errors.js';
import { fileKind, shownPath } from '../json-file.js';

/** Refuse a path that is not a new path or a regular file (lstat: a symlink itself is refused). */
export function checkOutputPath(path: string, flag: string): Stats | null {
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InputError(`${flag}: cannot write ${shownPath(path)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (!st.isFile()) throw new InputError(`${flag}: ${shownPath(path)} is ${fileKind(st)}; warodds writes only to a regular file or a new path`);
  return st;
}

export function writeOutputFile(path: string, content: string, flag: string): void {
  const existing = checkOutputPath(path, flag);
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let fd: number | undefined;
  let created = false;
  try {
    // 'wx': the temporary name must be new. A new file gets 0666 less the umask, like any file.
    fd = openSync(temporary, 'wx', 0o666);
    created = true;
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
