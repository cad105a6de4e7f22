/**
 * BattleScribe XML as a small element tree, read with fast-xml-parser. The files carry no DTD:
 * a DOCTYPE or ENTITY declaration is refused before parsing (no entity expansion), and the
 * parser itself keeps its entity limits. Pure: a string in, a tree out, no file access.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ImportProblem } from './problem.js';

/** One element: its tag (without namespace prefix), attributes, child elements and text. */
export interface XNode {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XNode[];
  readonly text: string;
}

/** Deepest element nesting accepted (the real files nest about 40 deep). */
const MAX_DEPTH = 200;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  removeNSPrefix: true,
  processEntities: { enabled: true, maxEntitySize: 1000, maxEntityCount: 100 },
  htmlEntities: false,
});

type Ordered = Record<string, unknown>;

/** Parse XML text into its root element, or throw an ImportProblem naming what is wrong. */
export function parseXml(text: string): XNode {
  const head = text.slice(0, 4096);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new ImportProblem('XML entity or DOCTYPE declarations are refused (BattleScribe files have none)');
  if (!/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*</.test(head)) throw new ImportProblem('not XML (a BattleScribe file is XML, or zipped XML)');
  let ordered: Ordered[];
  try {
    const valid = XMLValidator.validate(text);
    if (valid !== true) throw new ImportProblem(`malformed XML at line ${valid.err.line}: ${valid.err.msg}`);
    ordered = parser.parse(text) as Ordered[];
  } catch (e) {
    // The parser's own limits (nesting, entities) and a stack overflow are problems of the file.
    if (e instanceof ImportProblem) throw e;
    throw new ImportProblem(`malformed or oversized XML: ${(e as Error).message}`);
  }
  const root = ordered.map((o) => toNode(o, 0)).find((n): n is XNode => n !== null && n.tag !== '?xml');
  if (!root) throw new ImportProblem('no XML element in the file');
  return root;
}

function toNode(o: Ordered, depth: number): XNode | null {
  if (depth > MAX_DEPTH) throw new ImportProblem(`XML nested deeper than ${MAX_DEPTH} elements`);
  const tag = Object.keys(o).find((k) => k !== ':@');
  if (tag === undefined || tag === '#text' || tag === '#comment') return null;
  const attrs = (o[':@'] as Record<string, unknown> | undefined) ?? {};
  const body = (o[tag] as Ordered[] | undefined) ?? [];
  const children: XNode[] = [];
  let text = '';
  for (const child of body) {
    if ('#text' in child) text += String(child['#text']);
    else {
      const node = toNode(child, depth + 1);
      if (node) children.push(node);
    }
  }
  return { tag, attrs: Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, String(v)])), children, text };
}

/** Child elements with this tag. */
export function kids(node: XNode, tag: string): XNode[] {
  return node.children.filter((c) => c.tag === tag);
}

/** Elements `tag` inside the child container `container` (`selectionEntries > selectionEntry`). */
export function listed(node: XNode, container: string, tag: string): XNode[] {
  return kids(node, container).flatMap((c) => kids(c, tag));
}
