// Debian's Chromium and the flags it runs with, for the e2e tests (Playwright) and Lighthouse
// (bench/web.mjs) alike: never a browser a test tool downloads, and none of the background
// connections this machine's closed network would refuse.

/** The browser: CHROMIUM_PATH, else Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
