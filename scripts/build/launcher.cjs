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
 * code cache (src/sim/code-cache.cts), so a command compiles almost nothing (start-up).
 * Each command the build runs (attack, kills, compare, table) has
 * its own cache, cli.cjs.<id>.<command>.cache, with the bytecode of the functions that command
 * ran: a smaller cache is read and deserialised faster. Every other command reads
 * cli.cjs.<id>.all.cache, the union of the four. WARODDS_WRITE_CODE_CACHE=<name> (the
 * build's own use) reads cache <name> and writes it when the command ends: the functions
 * already in it plus those this command compiled.
 */
const { join } = require('node:path');
// The bundle and its cache, compiled as src/sim/code-cache.cts does (the build bundles it here).
const { compileBundle } = require('./code-cache.cjs');

const OWN_CACHE = new Set(CACHED_COMMANDS);
const writing = process.env.WARODDS_WRITE_CODE_CACHE;
const name = writing || (OWN_CACHE.has(process.argv[2]) ? process.argv[2] : 'all');
// The build names the caches after the bundle's content: a cache never meets another bundle.
const cli = compileBundle(join(__dirname, 'cli.cjs'), join(__dirname, `cli.cjs.BUILD_ID.${name}.cache`));
if (writing) process.on('exit', cli.writeCache);
cli.run();
