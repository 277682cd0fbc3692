import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3190';
const api = async (method, path, token, body) => {
  const r = await fetch(base + path, { method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const text = await r.text();
  try { return { status: r.status, body: JSON.parse(text) }; } catch { return { status: r.status, body: text }; }
};
const login = await api('POST', '/api/auth/login', null, { email: 'learner@example.org', password: 'yedyni-demo' });
const token = login.body.token;
// A game round with all wrong-ish answers -> cards
const round = await api('POST', '/api/game/rounds', token);
const answers = round.body.tasks.map((t) => (t.type === 'quiz' ? { choices: [0] } : t.type === 'gap' ? { text: 'хм' } : t.type === 'error' ? { index: 0 } : t.type === 'order' ? { order: t.words.map((_, i) => i) } : { matches: t.left.map(() => 0) }));
const res = await api('POST', `/api/game/rounds/${round.body.roundId}/answers`, token, { answers });
console.log('round', res.status, res.body.score);
const today = await api('GET', '/api/courses/today', token);
console.log(JSON.stringify(today.body.habit));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const scheme of ['light', 'dark']) for (const [w, h] of [[390, 844], [1280, 800]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: scheme });
  await ctx.addInitScript((t) => localStorage.setItem('persist:auth', JSON.stringify({ token: JSON.stringify(t), _persist: JSON.stringify({ version: -1, rehydrated: true }) })), token);
  const page = await ctx.newPage();
  for (const [name, path] of [['home', '/uk'], ['game', '/uk/game'], ['progress', '/uk/progress']]) {
    await page.goto(base + path);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/walk/shots/${name}-${w}-${scheme}.png`, fullPage: true });
  }
  await ctx.close();
}
await browser.close();
