/**
 * The browser the tests drive: Debian's Chromium in its headless shell (decision 026), or the one
 * CHROMIUM_PATH names (the full `/usr/bin/chromium` for a headed run). The one place the tests, the
 * Playwright config and `npm test` read it; Node built-ins only, so `node scripts/*.ts` can import it.
 */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export const chromiumPath: string = process.env.CHROMIUM_PATH || HEADLESS_SHELL;
