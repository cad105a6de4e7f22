/**
 * Headless Chromium for tests, driven by playwright-core: Debian's /usr/bin/chromium (installed by
 * .ci/run with apt-get when missing), launched with the flags below.
 */
import { existsSync } from 'node:fs';
import { type Browser as PlaywrightBrowser, chromium, type Page as PlaywrightPage } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--hide-scrollbars'];

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

export function launchChromium(): Promise<PlaywrightBrowser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export class Browser {
  private constructor(private readonly browser: PlaywrightBrowser) {}

  static async launch(): Promise<Browser> {
    return new Browser(await launchChromium());
  }

  async newPage(width: number, height: number): Promise<Page> {
    return new Page(await this.browser.newPage({ viewport: { width, height } }));
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

export class Page {
  constructor(readonly page: PlaywrightPage) {}

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load' });
  }

  /** Evaluate an expression in the page; its value must be JSON. */
  async evaluate<T>(expression: string): Promise<T> {
    return (await this.page.evaluate(expression)) as T;
  }

  /** A PNG of the whole page (the viewport's width, the content's height). */
  async screenshot(): Promise<Buffer> {
    return this.page.screenshot({ fullPage: true, type: 'png' });
  }
}
