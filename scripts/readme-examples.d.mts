export const PROMPT: string;
export function documentFiles(root?: string): string[];
export const STALE: RegExp;
export interface ReadmeExample {
  command: string;
  output: string;
  line: number;
  first: number;
  end: number;
}
export function examplesOf(readme: string): ReadmeExample[];
export function runExample(command: string, cwd?: string): string;
