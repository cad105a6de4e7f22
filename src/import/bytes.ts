/**
 * A file's bytes as XML text: `.catz` / `.rosz` (and any file starting with a zip header) are
 * unzipped with fflate, the one XML member taken; sizes are checked before anything is inflated
 * and again while inflating, so a zip bomb is refused without filling memory.
 */
import { Unzip, UnzipInflate } from 'fflate';
import { ImportProblem } from './problem.js';

/** Largest file accepted, zipped or not, and largest XML inside a zip (bytes). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** A zip member may inflate to at most this many times its compressed size (XML compresses about 10–30 ×). */
const MAX_RATIO = 200;

function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The XML text of a BattleScribe file (plain or zipped). */
export function xmlText(bytes: Uint8Array): string {
  if (bytes.length > MAX_FILE_BYTES) throw new ImportProblem(`${megabytes(bytes.length)} is larger than the ${megabytes(MAX_FILE_BYTES)} limit`);
  const xml = isZip(bytes) ? unzipOne(bytes) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(xml).replace(/^\uFEFF/, '');
  } catch {
    throw new ImportProblem('not UTF-8 text (a BattleScribe file is XML, or zipped XML)');
  }
}

function megabytes(n: number): string {
  return `${(n / 1024 / 1024).toFixed(n < 1024 * 1024 ? 2 : 0)} MB`;
}

/**
 * The one file inside a zip, inflated chunk by chunk with a running total: the declared size is
 * checked first, and the bytes actually produced are counted too (a header may lie).
 */
function unzipOne(bytes: Uint8Array): Uint8Array {
  const limit = Math.min(MAX_FILE_BYTES, Math.max(1024 * 1024, bytes.length * MAX_RATIO));
  const chunks: Uint8Array[] = [];
  let total = 0;
  let members = 0;
  let failure: ImportProblem | null = null;
  const unzip = new Unzip((file) => {
    members++;
    if (members > 1 || failure) return;
    if (file.originalSize !== undefined && file.originalSize > limit) {
      failure = new ImportProblem(`zip member '${file.name}' declares ${megabytes(file.originalSize)} (over ${megabytes(limit)}): refused as a zip bomb`);
      return;
    }
    file.ondata = (err, chunk) => {
      if (failure) return;
      if (err) {
        failure = new ImportProblem(`broken zip: ${err.message}`);
        return;
      }
      total += chunk.length;
      if (total > limit) {
        failure = new ImportProblem(`zip member '${file.name}' inflates past ${megabytes(limit)}: refused as a zip bomb`);
        file.terminate();
        return;
      }
      chunks.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  // Feed in slices so that a bomb is stopped after at most one slice's worth of output.
  const SLICE = 16 * 1024;
  try {
    for (let at = 0; at < bytes.length && !failure; at += SLICE) unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
  } catch (e) {
    if (!failure) failure = new ImportProblem(`broken zip: ${(e as Error).message}`);
  }
  if (failure) throw failure;
  if (members === 0) throw new ImportProblem('empty zip');
  if (members > 1) throw new ImportProblem(`zip holds ${members} files; a .rosz or .catz holds one`);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
