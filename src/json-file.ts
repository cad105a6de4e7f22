/**
 * Reading a JSON file the user (or the package) supplies: a missing file or invalid JSON is one
 * InputError naming the flag and the file.
 */
import { readFileSync } from 'node:fs';
import { InputError } from './core/errors.js';

export function readJsonFile(path: string, flag: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(`${flag}: cannot read '${path}' (${code === 'ENOENT' ? 'no such file' : code ?? (e as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`${flag}: '${path}' is not valid JSON (${(e as Error).message})`);
  }
}
