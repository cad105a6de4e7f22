/**
 * string-width as the shipped program needs it (cli-table3 measures cells with it): every
 * character warodds prints is one column wide, as src/cli/render/text-table.ts `displayWidth`
 * counts, and colour escapes take none. The package's own version builds a large emoji regular
 * expression per call, which cost each command tens of milliseconds of start-up; the bundle
 * aliases it to this file (bundle-options.mjs). Tests and tsc's output use the package itself.
 */
module.exports = function stringWidth(text) {
  if (typeof text !== 'string' || text.length === 0) return 0;
  const plain = text.includes('\x1b') ? text.replace(/\x1b\[[0-9;]*m/g, '') : text;
  // Without a surrogate pair, each UTF-16 unit is one code point.
  if (!/[\uD800-\uDBFF]/.test(plain)) return plain.length;
  let n = 0;
  for (const _ of plain) n++;
  return n;
};
