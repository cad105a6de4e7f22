#!/usr/bin/env node
/**
 * `npm run build`, last step: the web page (src/web/) as a static site in dist/web/ (vite.config.mjs),
 * then its service worker, sw.js, which keeps every file of the build in the browser's cache so
 * the page works offline once loaded. The cache is named after the build's files and their
 * sizes, so a new build replaces it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'vite';

const OUT = 'dist/web';
await build({ configFile: 'vite.config.mjs', logLevel: 'warn' });

function files(dir) {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
}
const assets = files(OUT).map((f) => relative(OUT, f).split('\\').join('/')).filter((f) => f !== 'sw.js').sort();
const version = createHash('sha256').update(assets.map((f) => `${f}:${statSync(join(OUT, f)).size}`).join('\n')).digest('hex').slice(0, 12);
const precache = ['./', ...assets.map((f) => `./${f}`)];
writeFileSync(
  join(OUT, 'sw.js'),
  `// Keeps the page working offline: every file of this build, cached at install, served cache first.
const CACHE = 'warodds-${version}';
const FILES = ${JSON.stringify(precache)};
self.addEventListener('install', (e) => e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting())));
self.addEventListener('activate', (e) => e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim())));
self.addEventListener('fetch', (e) => {
  if (e.request.method !== 'GET') return;
  e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request)));
});
`,
);
const total = assets.reduce((n, f) => n + statSync(join(OUT, f)).size, 0);
console.log(`web: ${assets.length} files, ${(total / 1024).toFixed(0)} KiB in ${OUT}/`);
