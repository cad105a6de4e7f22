/**
 * The exact engine's Web Worker: answers one question at a time, so that the page never freezes
 * while a distribution is computed. The page ends this worker and starts a fresh one when a newer
 * question arrives before the answer.
 */
import { answer, errorLine } from './answer.js';
import type { Question } from './question.js';

self.onmessage = async (event: MessageEvent<{ id: number; question: Question }>) => {
  const { id, question } = event.data;
  try {
    self.postMessage({ id, answer: await answer(question) });
  } catch (error) {
    self.postMessage({ id, error: errorLine(error) });
  }
};
