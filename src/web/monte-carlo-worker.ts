/**
 * A Monte Carlo Web Worker: the same work as a Node worker thread (sim/worker.ts), registered with
 * workerpool under the method lanes.ts calls.
 */
import workerpool from 'workerpool';
import work from '../sim/worker.js';
import { WORK_METHOD } from '../sim/lanes.js';

workerpool.worker({ [WORK_METHOD]: work });
