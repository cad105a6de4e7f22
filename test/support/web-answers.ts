/**
 * Reading the web page's answers in a browser test (playwright-core): a fresh load at a question's
 * share link, waiting for an answer newer than the last, and comparing its JSON with the CLI's.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Question, questionToHash } from '../../src/web/question.js';
import type { Served } from './serve.js';

/** Every number of two JSON values equal within `tolerance` (relative to 1), every other value equal. */
export function expectClose(actual: unknown, expected: unknown, tolerance: number, path = '$'): void {
  if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    expect(Math.abs((actual as number) - expected), `${path}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    expect((actual as unknown[]).length, `${path}.length`).toBe(expected.length);
    expected.forEach((e, i) => expectClose((actual as unknown[])[i], e, tolerance, `${path}[${i}]`));
  } else if (typeof expected === 'object' && expected !== null) {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected)) expectClose((actual as Record<string, unknown>)[k], v, tolerance, `${path}.${k}`);
  } else expect(actual, path).toEqual(expected);
}

/** The answer's JSON without its run record (the command lines are spelt differently). */
export function numbers(json: unknown): unknown {
  const { run: _run, ...rest } = json as Record<string, unknown>;
  return rest;
}

/** The page's answer equals the CLI's JSON answer (its stderr empty) within 1e-12, their run records apart; the CLI's JSON, as JSON.parse gives it. */
export function expectAsCli(shown: unknown, cli: { readonly stdout: string; readonly stderr: string }): ReturnType<typeof JSON.parse> {
  expect(cli.stderr).toBe('');
  const expected = JSON.parse(cli.stdout);
  expectClose(numbers(shown), numbers(expected), 1e-12);
  return expected;
}

/** The page's answer counter (one more for each answer shown). */
export async function generation(page: Page): Promise<number> {
  return Number(await page.getAttribute('.answer', 'data-generation'));
}

/** Wait for an answer newer than `after` (the page's generation counter), settled; its JSON. */
export async function answerAfter(page: Page, after: number, timeout = 60_000): Promise<unknown> {
  await page.waitForFunction(
    (g) => {
      const a = document.querySelector('.answer');
      return a !== null && Number(a.getAttribute('data-generation')) > g && a.getAttribute('data-pending') === 'no';
    },
    after,
    { timeout },
  );
  const error = await page.$('.answer .error');
  if (error) throw new Error(`the page answered with an error: ${await error.textContent()}`);
  return JSON.parse((await page.textContent('#answer-json'))!);
}

/** A fresh load of the page at the question's share link; its first answer. */
export async function openQuestion(page: Page, served: Served, q: Question): Promise<unknown> {
  await page.goto('about:blank');
  await page.goto(`${served.url}${questionToHash(q)}`);
  return answerAfter(page, 0);
}
