/**
 * A minimal headless Chromium driver for tests: one browser process spoken to over the Chrome
 * DevTools Protocol on a pipe (--remote-debugging-pipe: commands on fd 3, replies on fd 4, each
 * message a JSON text ended by a NUL byte). No npm dependency; Debian's /usr/bin/chromium.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

export const CHROMIUM = '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

interface Pending {
  resolve: (value: any) => void;
  reject: (error: Error) => void;
}

export class Browser {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners: Array<(method: string, params: any, sessionId?: string) => void> = [];
  private buffer = '';

  private constructor(
    private readonly child: ChildProcess,
    private readonly profile: string,
  ) {
    const input = child.stdio[4] as Readable;
    input.setEncoding('utf8');
    input.on('data', (chunk: string) => this.receive(chunk));
  }

  static async launch(): Promise<Browser> {
    const profile = mkdtempSync(join(tmpdir(), 'warodds-chromium-'));
    const args = [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--hide-scrollbars',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      'about:blank',
    ];
    const child = spawn(CHROMIUM, args, { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
    return new Browser(child, profile);
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\0')) >= 0) {
      const message = JSON.parse(this.buffer.slice(0, end));
      this.buffer = this.buffer.slice(end + 1);
      if (message.id !== undefined) {
        const p = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) p?.reject(new Error(`${message.error.message} (${message.error.code})`));
        else p?.resolve(message.result);
      } else for (const l of this.listeners) l(message.method, message.params, message.sessionId);
    }
  }

  send(method: string, params: object = {}, sessionId?: string): Promise<any> {
    const id = this.nextId++;
    const out = this.child.stdio[3] as Writable;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      out.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }

  /** Resolves on the first event of this name in this session. */
  once(method: string, sessionId: string): Promise<any> {
    return new Promise((resolve) => {
      const listener = (m: string, params: any, s?: string) => {
        if (m !== method || s !== sessionId) return;
        this.listeners.splice(this.listeners.indexOf(listener), 1);
        resolve(params);
      };
      this.listeners.push(listener);
    });
  }

  async newPage(width: number, height: number): Promise<Page> {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    await this.send('Page.enable', {}, sessionId);
    await this.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false }, sessionId);
    return new Page(this, sessionId, width);
  }

  async close(): Promise<void> {
    const exited = new Promise((r) => (this.child.exitCode === null ? this.child.once('exit', r) : r(null)));
    this.send('Browser.close').catch(() => {});
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 3 });
  }
}

export class Page {
  constructor(
    private readonly browser: Browser,
    private readonly sessionId: string,
    private readonly width: number,
  ) {}

  async goto(url: string): Promise<void> {
    const loaded = this.browser.once('Page.loadEventFired', this.sessionId);
    await this.browser.send('Page.navigate', { url }, this.sessionId);
    await loaded;
  }

  /** Evaluate an expression in the page; its value must be JSON. */
  async evaluate<T>(expression: string): Promise<T> {
    const r = await this.browser.send('Runtime.evaluate', { expression, returnByValue: true }, this.sessionId);
    if (r.exceptionDetails) throw new Error(`in the page: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
    return r.result.value as T;
  }

  /** A PNG of the whole page (the viewport's width, the content's height). */
  async screenshot(): Promise<Buffer> {
    const height = await this.evaluate<number>('Math.ceil(document.documentElement.scrollHeight)');
    const r = await this.browser.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true, clip: { x: 0, y: 0, width: this.width, height, scale: 1 } }, this.sessionId);
    return Buffer.from(r.data, 'base64');
  }
}
