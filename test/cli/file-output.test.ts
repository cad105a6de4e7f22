/**
 * --html FILE when the disk fills up or the rename fails: the temporary file is removed and the
 * original is untouched. The failures are injected into node:fs (a full disk cannot be arranged
 * in a test; as root, permissions cannot make writes fail either).
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { writeOutputFile } from '../../src/cli/file-output.js';

const failures = vi.hoisted(() => ({ write: null as string | null, rename: null as string | null }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const fail = (code: string) => Object.assign(new Error(`${code}: injected`), { code });
  return {
    ...fs,
    writeSync: ((...args: Parameters<typeof fs.writeSync>) => {
      if (failures.write) throw fail(failures.write);
      return fs.writeSync(...args);
    }) as typeof fs.writeSync,
    renameSync: ((from: string, to: string) => {
      if (failures.rename) throw fail(failures.rename);
      return fs.renameSync(from, to);
    }) as typeof fs.renameSync,
  };
});

afterEach(() => {
  failures.write = null;
  failures.rename = null;
});

function existingFile(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'warodds-output-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, 'the original');
  chmodSync(file, 0o604);
  return { dir, file };
}

describe('a failed write leaves the original untouched and no temporary file', () => {
  for (const [step, code] of [['write', 'ENOSPC'], ['write', 'EIO'], ['rename', 'EISDIR'], ['rename', 'EXDEV']] as const)
    it(`${step} fails with ${code}`, () => {
      const { dir, file } = existingFile();
      failures[step] = code;
      expect(() => writeOutputFile(file, '<!DOCTYPE html>new', '--html')).toThrow(new InputError(`--html: cannot write '${file}' (${code})`));
      expect(readFileSync(file, 'utf8')).toBe('the original');
      expect(statSync(file).mode & 0o7777).toBe(0o604);
      expect(readdirSync(dir)).toEqual(['report.html']);
    });

  it('without a failure the same call replaces the content and keeps the mode', () => {
    const { dir, file } = existingFile();
    writeOutputFile(file, '<!DOCTYPE html>new', '--html');
    expect(readFileSync(file, 'utf8')).toBe('<!DOCTYPE html>new');
    expect(statSync(file).mode & 0o7777).toBe(0o604);
    expect(readdirSync(dir)).toEqual(['report.html']);
  });
});
