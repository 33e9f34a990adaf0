import type { HeadlessChromium } from './headless-chromium.js';

/** Installed before any page script: every CSP violation the page meets is kept for the test to read. */
const RECORD_VIOLATIONS = `
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__violations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline')));
`;

const KEYS = {
  Enter: { code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' },
  Tab: { code: 'Tab', windowsVirtualKeyCode: 9 },
} as const;

/**
 * One tab, driven as a user drives it: keys pressed on the focused element, clicks at an element's centre. The
 * problems it saw (CSP violations, console errors, uncaught exceptions) are collected for the test to assert on.
 */
export class BrowserPage {
  private readonly seen: string[] = [];

  private constructor(
    private readonly browser: HeadlessChromium,
    private readonly sessionId: string,
  ) {}

  static async open(browser: HeadlessChromium): Promise<BrowserPage> {
    const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    const page = new BrowserPage(browser, sessionId as string);
    browser.onEvent((method, params, from) => {
      if (from !== page.sessionId) return;
      if (method === 'Runtime.exceptionThrown')
        page.seen.push(`exception: ${JSON.stringify((params.exceptionDetails as { text?: string }).text)}`);
      if (method === 'Log.entryAdded') {
        const entry = params.entry as { level: string; text: string };
        if (entry.level === 'error') page.seen.push(`console: ${entry.text}`);
      }
    });
    await page.send('Page.enable');
    await page.send('Runtime.enable');
    await page.send('Log.enable');
    await page.send('Page.addScriptToEvaluateOnNewDocument', { source: RECORD_VIOLATIONS });
    return page;
  }

  /** Navigates and resolves once the page's load event has fired. */
  async goto(url: string): Promise<void> {
    const loaded = new Promise<void>((resolve) =>
      this.browser.onEvent((method, _params, from) => {
        if (from === this.sessionId && method === 'Page.loadEventFired') resolve();
      }),
    );
    await this.send('Page.navigate', { url });
    await loaded;
  }

  async evaluate<T>(expression: string): Promise<T> {
    const answer = await this.send('Runtime.evaluate', {
      expression,
      returnByValue: true,
      awaitPromise: true,
    });
    if (answer.exceptionDetails)
      throw new Error(`evaluate ${expression}: ${JSON.stringify(answer.exceptionDetails)}`);
    return (answer.result as { value: T }).value;
  }

  /** Resolves when `expression` is truthy in the page, re-checked each animation frame; fails after `timeoutMs`. */
  async waitFor(expression: string, timeoutMs = 10_000): Promise<void> {
    const found = await this.evaluate<boolean>(`new Promise((resolve) => {
      const deadline = performance.now() + ${timeoutMs};
      const check = () => {
        if (${expression}) resolve(true);
        else if (performance.now() > deadline) resolve(false);
        else requestAnimationFrame(check);
      };
      check();
    })`);
    if (!found)
      throw new Error(`not seen in ${timeoutMs} ms: ${expression}; status: ${await this.text('#status')}`);
  }

  text(selector: string): Promise<string | null> {
    return this.evaluate(`document.querySelector(${JSON.stringify(selector)})?.textContent ?? null`);
  }

  /** The `id` of the focused element (or its tag when it has none). */
  focused(): Promise<string> {
    return this.evaluate('document.activeElement?.id || document.activeElement?.tagName || ""');
  }

  async focus(selector: string): Promise<void> {
    await this.evaluate(`document.querySelector(${JSON.stringify(selector)}).focus()`);
  }

  async press(key: keyof typeof KEYS, times = 1): Promise<void> {
    for (let i = 0; i < times; i++) {
      await this.send('Input.dispatchKeyEvent', { type: 'keyDown', key, ...KEYS[key] });
      await this.send('Input.dispatchKeyEvent', { type: 'keyUp', key, ...KEYS[key] });
    }
  }

  /** Types into the focused element. */
  async type(text: string): Promise<void> {
    await this.send('Input.insertText', { text });
  }

  async click(selector: string): Promise<void> {
    const box = await this.evaluate<{ x: number; y: number } | null>(`(() => {
      const element = document.querySelector(${JSON.stringify(selector)});
      if (!element) return null;
      element.scrollIntoView({ block: 'center' });
      const r = element.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    })()`);
    if (!box) throw new Error(`nothing to click at ${selector}`);
    for (const type of ['mousePressed', 'mouseReleased'])
      await this.send('Input.dispatchMouseEvent', { type, ...box, button: 'left', clickCount: 1 });
  }

  /** Lays the page out as a window of `width` × `height` CSS pixels would. */
  async resize(width: number, height: number): Promise<void> {
    await this.send('Emulation.setDeviceMetricsOverride', {
      width,
      height,
      deviceScaleFactor: 1,
      mobile: false,
    });
  }

  /** CSP violations, console errors and uncaught exceptions seen so far. */
  async problems(): Promise<string[]> {
    const violations = await this.evaluate<string[]>('window.__violations ?? []');
    return [...violations.map((v) => `CSP: ${v}`), ...this.seen];
  }

  private send(method: string, params: Record<string, unknown> = {}) {
    return this.browser.send(method, params, this.sessionId);
  }
}
