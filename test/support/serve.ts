/**
 * `warodds serve --port 0` from the build (dist/bin): the web page on a free local port, for the
 * browser tests and the browser bench.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../dist/bin/warodds.cjs', import.meta.url));

export interface Served {
  url: string;
  stop(): Promise<void>;
}

export function serveWebPage(): Promise<Served> {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      out += text;
      const m = /serving the web page at (http:\/\/\S+)/.exec(out);
      if (m)
        resolve({
          url: m[1],
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    });
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (err += text));
    child.once('exit', (code) => reject(new Error(`warodds serve exited (${code}): ${err}`)));
  });
}
