#!/usr/bin/env node
'use strict';
/**
 * warodds' bin (dist/bin/warodds.cjs; scripts/build.mjs writes it from this file). It runs the
 * bundled command line, cli.cjs (one file: esbuild's bundle of src/cli/main.ts), through V8's
 * code cache: cli.cjs.cache holds the bytecode of the functions the usual commands run, made at
 * build time, so a command compiles almost nothing (start-up, issue 16; Node 20 has no
 * module.enableCompileCache). A cache V8 rejects (another Node version, other V8 flags) is
 * ignored and the bundle compiles as usual. WARODDS_WRITE_CODE_CACHE=1 (the build's own use)
 * writes the cache when the command ends: the functions already in the cache plus those this
 * command compiled.
 */
const { readFileSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const { Script } = require('node:vm');

const bundle = join(__dirname, 'cli.cjs');
// The build names the cache after the bundle's content: a cache never meets another bundle.
const cacheFile = join(__dirname, 'cli.cjs.BUILD_ID.cache');

let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
// Wrapped as Node wraps a CommonJS module; its hashbang line is kept as an empty line.
const source = readFileSync(bundle, 'utf8').replace(/^#!.*/, '');
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData });
if (process.env.WARODDS_WRITE_CODE_CACHE === '1') process.on('exit', () => writeFileSync(cacheFile, script.createCachedData()));
const bundled = { exports: {} };
script.runInThisContext()(bundled.exports, createRequire(bundle), bundled, bundle, __dirname);
