/**
 * `warodds serve`: the web page (dist/web/, built by `npm run build`) on a local static server
 * (sirv), on 127.0.0.1 only unless --host says otherwise; prints the address; runs until Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Command } from 'commander';
import sirv from 'sirv';
import { InputError } from '../../core/errors.js';
import { PACKAGE_ROOT } from '../../paths.js';
import { positiveInteger } from '../options.js';
import { writeStdout } from '../stdout.js';

export const DEFAULT_PORT = 8417;

/** The system's own way to open a URL in the browser. */
function openInBrowser(url: string): void {
  const [command, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`warodds: could not open a browser; open ${url} yourself\n`));
  child.unref();
}

export function serveCommand(): Command {
  return new Command('serve')
    .description('serve the web page (dist/web) on this computer and print its address')
    .option('--port <n>', `the port, 1..65535 (default ${DEFAULT_PORT}; 0: any free port)`)
    .option('--host <address>', 'the address to listen on (default 127.0.0.1: this computer only)')
    .option('--open', 'also open the page in the browser')
    .addHelpText('after', '\nExamples:\n  $ npx warodds serve\n  $ npx warodds serve --port 8080 --open')
    .action(async (f: { port?: string; host?: string; open?: boolean }) => {
      const port = f.port === undefined ? DEFAULT_PORT : f.port.trim() === '0' ? 0 : positiveInteger(f.port, '--port', 65535);
      const host = f.host ?? '127.0.0.1';
      const root = join(PACKAGE_ROOT, 'dist', 'web');
      if (!existsSync(join(root, 'index.html'))) throw new InputError(`serve: the web page is not built (${root} has no index.html); run npm run build`);
      const server = createServer(sirv(root, { dev: false, etag: true, single: false }));
      await new Promise<void>((resolve, reject) => {
        server.once('error', (e: NodeJS.ErrnoException) => reject(e.code === 'EADDRINUSE' ? new InputError(`--port: ${port} is in use (try another, or --port 0)`) : e));
        server.listen(port, host, () => resolve());
      });
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${actual}/`;
      writeStdout(`warodds: serving the web page at ${url} (Ctrl-C stops it)\n`);
      if (f.open) openInBrowser(url);
      await new Promise<void>((resolve) => {
        const stop = () => server.close(() => resolve());
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
