import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3190';
const r = await fetch(base + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'learner@example.org', password: 'yedyni-demo' }) });
const { token } = await r.json();
const [path, name, width, scheme, ...offsets] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 844 }, colorScheme: scheme });
await ctx.addInitScript((t) => localStorage.setItem('persist:auth', JSON.stringify({ token: JSON.stringify(t), _persist: JSON.stringify({ version: -1, rehydrated: true }) })), token);
const page = await ctx.newPage();
await page.goto(base + path);
await page.waitForTimeout(1500);
for (const y of offsets) {
  await page.evaluate((y) => window.scrollTo(0, y), Number(y));
  await page.waitForTimeout(200);
  await page.screenshot({ path: `/tmp/walk/shots/${name}-${y}.png` });
}
await browser.close();
