#!/bin/sh
':' //; unset NODE_EXTRA_CA_CERTS; exec node "$0" "$@"
'use strict';
/**
 * Its first two lines are a shell script and a no-op in JavaScript (the line above is a string
 * and a comment to Node). Run as a program (npx, npm's bin link), sh starts Node on this same
 * file without NODE_EXTRA_CA_CERTS: Node 20 reads that file of extra certificate authorities, and
 * builds its whole root store, at start-up, before any JavaScript runs — on this project's
 * machine, which sets it, about 70 ms of CPU per command, more than warodds' own start-up.
 * warodds never opens a network connection, so it never needs them. `node dist/bin/warodds.cjs`
 * runs the same program with the environment as it is. (On Windows, npm's shim for this bin runs
 * sh, which Git for Windows provides; without it, run `node dist/bin/warodds.cjs`.)
 *
 * warodds' bin (dist/bin/warodds.cjs; scripts/build.mjs writes it from this file). It runs the
 * bundled command line, cli.cjs (one file: esbuild's bundle of src/cli/main.ts), through V8's
 * code cache, so a command compiles almost nothing (start-up, issue 16; Node 20 has no
 * module.enableCompileCache). Each command the build runs (attack, kills, compare, table) has
 * its own cache, cli.cjs.<id>.<command>.cache, with the bytecode of the functions that command
 * ran: a smaller cache is read and deserialised faster. Every other command reads
 * cli.cjs.<id>.all.cache, the union of the four. A cache V8 rejects (another Node version, other
 * V8 flags) is ignored and the bundle compiles as usual. WARODDS_WRITE_CODE_CACHE=<name> (the
 * build's own use) reads cache <name> and writes it when the command ends: the functions
 * already in it plus those this command compiled.
 */
const { readFileSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const { Script } = require('node:vm');

const bundle = join(__dirname, 'cli.cjs');
const OWN_CACHE = new Set(CACHED_COMMANDS);
const writing = process.env.WARODDS_WRITE_CODE_CACHE;
const name = writing || (OWN_CACHE.has(process.argv[2]) ? process.argv[2] : 'all');
// The build names the caches after the bundle's content: a cache never meets another bundle.
const cacheFile = join(__dirname, `cli.cjs.BUILD_ID.${name}.cache`);

let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
// The build makes the bundle ASCII (non-ASCII characters escaped), so latin1 reads it exactly,
// faster than UTF-8 decoding. Wrapped as Node wraps a CommonJS module; the hashbang line is kept
// as an empty line.
const source = readFileSync(bundle, 'latin1').replace(/^#!.*/, '');
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData });
if (writing) process.on('exit', () => writeFileSync(cacheFile, script.createCachedData()));
const bundled = { exports: {} };
script.runInThisContext()(bundled.exports, createRequire(bundle), bundled, bundle, __dirname);
