import type { Plugin } from 'esbuild';
export function splitConstants(path: string, text: string): { module: string; constants: string } | null;
export function inlineConstants(root: string): Plugin;
