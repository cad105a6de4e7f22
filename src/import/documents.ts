/**
 * BattleScribe documents: a game system (`.gst`), catalogue (`.cat`) or roster (`.ros`), either
 * format generation (2.x `selectionEntry`, 1.x `entry`), read into an element tree with an index
 * of every element id across the files imported together (links are followed only among them:
 * nothing is fetched).
 */
import { listed, type XNode } from './xml.js';
import { ImportProblem } from './problem.js';

export type DocumentKind = 'gameSystem' | 'catalogue' | 'roster';

export interface BsDocument {
  /** The file's name as given (shown in messages and `source`). */
  readonly file: string;
  readonly kind: DocumentKind;
  readonly id: string;
  readonly name: string;
  /** The game system's id (its own for a `.gst`). */
  readonly gameSystemId: string;
  /** A roster names its game system; other files find it by id. */
  readonly gameSystemName: string;
  /** 1 for `battleScribeVersion` 1.x files (`entry`, `link`), 2 for 2.x (`selectionEntry`, `entryLink`). */
  readonly generation: 1 | 2;
  readonly library: boolean;
  readonly root: XNode;
}

const NAMESPACE = /^http:\/\/www\.battlescribe\.net\/schema\/(catalogue|gameSystem|roster)Schema$/;

/** Identify a parsed file, or refuse one that is not a BattleScribe game system, catalogue or roster. */
export function bsDocument(file: string, root: XNode): BsDocument {
  const kind = root.tag;
  if (kind !== 'gameSystem' && kind !== 'catalogue' && kind !== 'roster')
    throw new ImportProblem(`not a BattleScribe file (root element <${kind}>; expected <gameSystem>, <catalogue> or <roster>)`);
  const ns = root.attrs.xmlns;
  if (ns !== undefined && !NAMESPACE.test(ns)) throw new ImportProblem(`not a BattleScribe file (namespace ${ns})`);
  const version = root.attrs.battleScribeVersion ?? '';
  const generation = /^1\./.test(version) ? 1 : 2;
  return {
    file,
    kind,
    id: root.attrs.id ?? '',
    name: root.attrs.name ?? '',
    gameSystemId: kind === 'gameSystem' ? (root.attrs.id ?? '') : (root.attrs.gameSystemId ?? ''),
    gameSystemName: root.attrs.gameSystemName ?? '',
    generation,
    library: root.attrs.library === 'true',
    root,
  };
}

/** Every element with an id, across the documents imported together. */
export class IdIndex {
  private readonly byId = new Map<string, { node: XNode; doc: BsDocument }>();
  /** Profile type ids → names (1.x profiles name their type by id only). */
  readonly profileTypeNames = new Map<string, string>();

  constructor(readonly docs: readonly BsDocument[]) {
    for (const doc of docs) {
      if (doc.kind === 'roster') continue;
      const stack: XNode[] = [doc.root];
      while (stack.length) {
        const node = stack.pop()!;
        const id = node.attrs.id;
        // Links carry ids too; index the targets, not the links pointing at them.
        if (id !== undefined && !/link$/i.test(node.tag) && !this.byId.has(id)) this.byId.set(id, { node, doc });
        for (const c of node.children) stack.push(c);
      }
      for (const t of listed(doc.root, 'profileTypes', 'profileType')) if (t.attrs.id && t.attrs.name) this.profileTypeNames.set(t.attrs.id, t.attrs.name);
    }
  }

  get(id: string): { node: XNode; doc: BsDocument } | undefined {
    return this.byId.get(id);
  }
}
