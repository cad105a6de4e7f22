/**
 * An esbuild plugin for the bundles of scripts/build.mjs: every module's top-level numeric
 * constants become literals where they are used.
 *
 * Why: in a bundle, a module that is evaluated lazily (each rule set's, and everything they import)
 * keeps its top-level `const`s as variables of the bundle's scope, assigned when the module runs.
 * V8 reads such a variable at every use and cannot treat it as a constant, so `faces / FULL_BLOCK`
 * is a real integer division instead of a multiplication, and `state === CRIT_MORTAL` a load
 * before each comparison. esbuild inlines a constant only when it sits in a module with no imports
 * (its own rule, release 0.14.19). So this plugin moves each module's top-level numeric constants
 * into a module of their own, `<file>?constants`, that the module imports: esbuild then writes them
 * as literals wherever they are used. The source is unchanged, and so is what it computes; only the
 * bundle differs. tsc's output (dist/src: tests, in-process use) does not go through here.
 *
 * A numeric constant: `const NAME = e` (exported or not) at the top of a .ts module, where e is
 * built of numeric literals, unary and binary arithmetic and bitwise operators, parentheses and the
 * module's own numeric constants declared before it.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const SUFFIX = '?constants';
const NAMESPACE = 'inline-constants';

const NUMERIC_OPERATORS = new Set([
  ts.SyntaxKind.PlusToken,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.AsteriskToken,
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.PercentToken,
  ts.SyntaxKind.AsteriskAsteriskToken,
  ts.SyntaxKind.LessThanLessThanToken,
  ts.SyntaxKind.GreaterThanGreaterThanToken,
  ts.SyntaxKind.GreaterThanGreaterThanGreaterThanToken,
  ts.SyntaxKind.BarToken,
  ts.SyntaxKind.AmpersandToken,
  ts.SyntaxKind.CaretToken,
]);

/** Whether `e` is a numeric expression of literals and the constants in `known`. */
function isNumeric(e, known) {
  if (ts.isNumericLiteral(e)) return true;
  if (ts.isParenthesizedExpression(e)) return isNumeric(e.expression, known);
  if (ts.isPrefixUnaryExpression(e)) return [ts.SyntaxKind.MinusToken, ts.SyntaxKind.PlusToken, ts.SyntaxKind.TildeToken].includes(e.operator) && isNumeric(e.operand, known);
  if (ts.isBinaryExpression(e)) return NUMERIC_OPERATORS.has(e.operatorToken.kind) && isNumeric(e.left, known) && isNumeric(e.right, known);
  if (ts.isIdentifier(e)) return known.has(e.text);
  return false;
}

/**
 * A module split in two: `module`, its text with the numeric constants' statements removed and an
 * import of them added (and an export, for those it exported); `constants`, the constants module.
 * Null when the module has no numeric constant.
 */
export function splitConstants(path, text) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const known = new Set();
  const exported = [];
  const lines = [];
  const removed = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    const modifiers = statement.modifiers ?? [];
    if (modifiers.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) continue;
    const declarations = statement.declarationList.declarations;
    if (!declarations.every((d) => ts.isIdentifier(d.name) && d.initializer && isNumeric(d.initializer, known))) continue;
    for (const d of declarations) {
      known.add(d.name.text);
      lines.push(`export const ${d.name.text} = ${d.initializer.getText(source)};`);
      if (modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) exported.push(d.name.text);
    }
    removed.push([statement.getStart(source), statement.getEnd()]);
  }
  if (known.size === 0) return null;
  let module = text;
  // From the end, so the earlier ranges keep their offsets; the statement's lines stay, blank.
  for (const [start, end] of removed.reverse()) module = module.slice(0, start) + module.slice(start, end).replace(/[^\n]/g, ' ') + module.slice(end);
  const header = `import { ${[...known].join(', ')} } from ${JSON.stringify(path + SUFFIX)};${exported.length ? ` export { ${exported.join(', ')} };` : ''}`;
  return { module: `${header}\n${module}`, constants: lines.join('\n') };
}

/** The plugin: modules under `root` (an absolute path ending in /) are split as above. */
export function inlineConstants(root) {
  const escaped = root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    name: 'inline-constants',
    setup(b) {
      // Each module is split once: its constants module is loaded from the same split.
      const splits = new Map();
      b.onLoad({ filter: new RegExp(`^${escaped}.*\\.ts$`), namespace: 'file' }, (args) => {
        const split = splitConstants(args.path, readFileSync(args.path, 'utf8'));
        if (split === null) return undefined;
        splits.set(args.path, split);
        return { contents: split.module, loader: 'ts' };
      });
      b.onResolve({ filter: /\?constants$/ }, (args) => ({ path: args.path.slice(0, -SUFFIX.length), namespace: NAMESPACE }));
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ contents: splits.get(args.path).constants, loader: 'ts' }));
    },
  };
}
