import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  call,
  currentUserViaApi,
  errorMessageOf,
  logoutViaApi,
  newPerson,
  type Person,
  registerViaApi,
} from './support/api.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { readResetLink } from './support/mail.js';
import { useE2E } from './support/setup.js';
import {
  alertWith,
  expectPath,
  fillRegistration,
  greeting,
  heading,
  holdRequests,
  menuEntry,
  officeMenuButton,
  openOfficeMenu,
  pathOf,
  signInViaUi,
  signOutViaUi,
  storedToken,
  submitLogin,
  TEXT,
  waitForSessionRestored,
} from './support/ui.js';

const e2e = useE2E();

const previousLocation = () => e2e.page.evaluate(() => localStorage.getItem('previousLocation'));

describe('registration and sign-out', () => {
  test.each([
    { label: '390 px', viewport: MOBILE },
    { label: '1280 px', viewport: DESKTOP },
  ])('a new person registers, stays signed in after a reload, and signs out ($label)', async ({ viewport }) => {
    const page = viewport === MOBILE ? e2e.page : (await e2e.newContext(viewport)).page;
    const person = newPerson();

    await page.goto(`${e2e.url}/register`);
    await fillRegistration(page, person);
    await page.getByRole('button', { name: TEXT.register, exact: true }).click();

    await expectPath(page, '/uk');
    await greeting(page, person.first_name).waitFor();

    // A reload restores the session from the stored token: still on /uk, still greeted by name.
    await page.reload();
    await waitForSessionRestored(page);
    await greeting(page, person.first_name).waitFor();
    await officeMenuButton(page, person.first_name).waitFor();
    expect(pathOf(page)).toBe('/uk');

    // The office menu lists the person and its entries.
    const token = await storedToken(page);
    expect(token, 'the token is kept in localStorage under persist:auth').toBeTruthy();
    await openOfficeMenu(page, person.first_name);
    await page.getByText(`${person.first_name} ${person.last_name}`).first().waitFor();
    await page.getByText(person.email).first().waitFor();
    for (const entry of TEXT.officeMenu) await menuEntry(page, entry).waitFor();

    await menuEntry(page, TEXT.signOut).click();
    await expectPath(page, '/login');
    await heading(page, TEXT.loginHeading).waitFor();

    // Signed out for real: the token no longer works and protected routes send to /login again.
    const afterLogout = await call(e2e.url, 'GET', '/api/auth/current', { token: token as string });
    expect(afterLogout.status, 'the old token is revoked by «Вийти»').toBe(401);
    expect(await storedToken(page)).toBeUndefined();
    await page.goto(`${e2e.url}/uk`);
    await expectPath(page, '/login');
    await heading(page, TEXT.loginHeading).waitFor();
  });

  test('registering with an email that is taken shows the server message in an alert', async () => {
    const { page } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    const message = await errorMessageOf(e2e.url, 'POST', '/api/auth/register', { ...person, consent: true }, 409);

    await page.goto(`${e2e.url}/register`);
    await fillRegistration(page, person);
    await page.getByRole('button', { name: TEXT.register, exact: true }).click();

    await alertWith(page, message).waitFor();
    expect(pathOf(page)).toBe('/register');
  });

  test('while the session is restored the screen says «Оновлення користувача...»', async () => {
    const { page } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    await signInViaUi(page, e2e.url, person);

    // Hold the session check until the restore screen has been seen.
    const release = await holdRequests(page, '**/api/auth/current');
    await page.reload();
    try {
      const status = page.getByRole('status').filter({ hasText: TEXT.restoring });
      await status.waitFor();
      // A calm splash, not an error: the brand above the words, centred, in a quiet tone; the
      // brand is decoration, so the status says only the spec's words.
      const look = await status.evaluate((el) => {
        const brand = getComputedStyle(el, '::before');
        const box = el.getBoundingClientRect();
        return { brand: brand.content, text: el.textContent, middle: box.left + box.width / 2, width: innerWidth };
      });
      expect(look.brand).toBe('"Єдині" / ""');
      expect(look.text).toBe(TEXT.restoring);
      expect(Math.abs(look.middle - look.width / 2)).toBeLessThan(2);
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      release();
    }
    await waitForSessionRestored(page);
    await greeting(page, person.first_name).waitFor();
    expect(pathOf(page)).toBe('/uk');
  });
});

describe('two tabs of one browser', () => {
  test('signing out in one tab signs the other out, and signing in in one signs the other in', async () => {
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    const first = e2e.page;
    await signInViaUi(first, e2e.url, person);
    const second = await e2e.context.newPage();
    await second.goto(`${e2e.url}/uk/profile`);
    await heading(second, 'Профіль').waitFor();

    await signOutViaUi(first, person.first_name);
    // The other tab follows without a reload.
    await expectPath(second, '/login');
    await heading(second, TEXT.loginHeading).waitFor();
    expect(await storedToken(second)).toBeUndefined();

    await submitLogin(second, person.email, person.password);
    // Back where it was signed out from.
    await expectPath(second, '/uk/profile');
    // The first tab, left on /login, is signed in with the same session.
    await officeMenuButton(first, person.first_name).waitFor();
    expect(pathOf(first)).not.toBe('/login');
    expect(await storedToken(first)).toBe(await storedToken(second));
    await second.close();
  });
});

describe('the header on a phone', () => {
  test('a short first name stays whole beside the «Підтримати» button and the unread badge (390 px)', async () => {
    const { page } = e2e;
    const person = { ...newPerson(), first_name: 'Марʼяна' };
    await registerViaApi(e2e.url, person);
    // A password reset leaves an unread notification: the header shows its badge.
    await call(e2e.url, 'POST', '/api/auth/recovery', { body: { email: person.email } });
    const link = await readResetLink(e2e.dataDir, person.email);
    const reset = await call<{ token: string }>(e2e.url, 'POST', '/api/auth/reset', {
      body: { token: decodeURIComponent(link.split('/reset/')[1] ?? ''), password: person.password },
    });
    expect(reset.status).toBe(200);
    await signInViaUi(page, e2e.url, person);
    await page.getByRole('link', { name: /Непрочитаних сповіщень/ }).waitFor();

    const name = officeMenuButton(page, person.first_name).locator('span').first();
    expect(await name.textContent()).toBe('Марʼяна');
    // Not cut with an ellipsis: the whole name fits in its box.
    const { scrollWidth, clientWidth } = await name.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});

describe('previous location', () => {
  test('a visitor sent from /uk/profile to /login comes back to /uk/profile after signing in', async () => {
    const { page } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);

    await page.goto(`${e2e.url}/uk/profile`);
    await expectPath(page, '/login');
    expect(await previousLocation(), 'the wanted path is remembered').toContain('/uk/profile');

    await submitLogin(page, person.email, person.password);
    await expectPath(page, '/uk/profile');
    await expect.poll(previousLocation, { timeout: 5_000 }).toBeNull();

    // A signed-in person who opens /login is sent on to /uk (nothing stored any more).
    await page.goto(`${e2e.url}/login`);
    await expectPath(page, '/uk');
    await greeting(page, person.first_name).waitFor();
  });
});

describe('password recovery', () => {
  test('a reset link from the mail sets a new password once; the old password stops working', async () => {
    const { page } = e2e;
    const person = newPerson();
    const { token } = await registerViaApi(e2e.url, person);
    await logoutViaApi(e2e.url, token);
    // The same person is signed in on another device; the reset must end that session.
    const laptop = (await e2e.newContext(DESKTOP)).page;
    await signInViaUi(laptop, e2e.url, person);

    await page.goto(`${e2e.url}/recovery`);
    await heading(page, TEXT.recoveryHeading).waitFor();
    await page.getByLabel(TEXT.email, { exact: true }).fill(person.email);
    await page.getByRole('button', { name: TEXT.sendLink, exact: true }).click();
    await page.getByRole('status').filter({ hasText: /\S/ }).first().waitFor();

    const link = await readResetLink(e2e.dataDir, person.email);
    expect(link.startsWith(`${e2e.url}/reset/`), `the mailed link points at PUBLIC_URL: ${link}`).toBe(true);

    const newPassword = `Нове-гасло-${Date.now()}`;
    await page.goto(link);
    await heading(page, TEXT.resetHeading).waitFor();
    await page.getByLabel(TEXT.newPassword, { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: TEXT.changePassword, exact: true }).click();
    await expectPath(page, '/uk');
    await greeting(page, person.first_name).waitFor();

    // The other device's session has ended: a reload there lands on /login.
    await laptop.reload();
    await expectPath(laptop, '/login');
    await heading(laptop, TEXT.loginHeading).waitFor();

    await signOutViaUi(page, person.first_name);

    // The new password signs in.
    const renewed: Person = { ...person, password: newPassword };
    await signInViaUi(page, e2e.url, renewed);
    await signOutViaUi(page, person.first_name);

    // The old one is refused with the server's own message.
    const refused = await errorMessageOf(
      e2e.url,
      'POST',
      '/api/auth/login',
      { email: person.email, password: person.password },
      401,
    );
    await submitLogin(page, person.email, person.password);
    await alertWith(page, refused).waitFor();
    expect(pathOf(page)).toBe('/login');

    // The link is single use.
    const resetToken = decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
    const used = await errorMessageOf(
      e2e.url,
      'POST',
      '/api/auth/reset',
      { token: resetToken, password: 'Ще-одне-гасло-1' },
      400,
    );
    await page.goto(link);
    await heading(page, TEXT.resetHeading).waitFor();
    await page.getByLabel(TEXT.newPassword, { exact: true }).fill('Ще-одне-гасло-2');
    await page.getByRole('button', { name: TEXT.changePassword, exact: true }).click();
    await alertWith(page, used).waitFor();
    expect(pathOf(page)).toBe(new URL(link).pathname);
  });
});

describe('sign-in errors', () => {
  test('a wrong password, or an unknown email, shows the server message in an alert', async () => {
    const { page } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    const message = await errorMessageOf(
      e2e.url,
      'POST',
      '/api/auth/login',
      { email: person.email, password: 'not-the-password' },
      401,
    );

    await page.goto(`${e2e.url}/login`);
    await submitLogin(page, person.email, 'not-the-password');
    await alertWith(page, message).waitFor();
    expect(pathOf(page)).toBe('/login');

    await page.goto(`${e2e.url}/login`);
    await submitLogin(page, `nobody-${Date.now()}@example.org`, 'whatever-password');
    await alertWith(page, message).waitFor();
    expect(pathOf(page)).toBe('/login');
  });
});

describe('demo account', () => {
  test('/resume signs into the demo learner', async () => {
    const { page } = e2e;
    await page.goto(`${e2e.url}/resume`);
    await expectPath(page, '/uk');
    await waitForSessionRestored(page);

    const token = await storedToken(page);
    expect(token, 'a token is stored after /resume').toBeTruthy();
    const user = await currentUserViaApi(e2e.url, token as string);
    expect(user.first_name).not.toBe('');
    await greeting(page, user.first_name).waitFor();
    await officeMenuButton(page, user.first_name).waitFor();
  });
});

describe('unknown paths and public screens', () => {
  test('a visitor on an unknown path sees the login screen', async () => {
    const { page } = e2e;
    await page.goto(`${e2e.url}/no-such-page`);
    await heading(page, TEXT.loginHeading).waitFor();
    await page.getByLabel(TEXT.email, { exact: true }).waitFor();
    await page.getByLabel(TEXT.password, { exact: true }).waitFor();
    await page.getByRole('button', { name: TEXT.signIn, exact: true }).waitFor();
  });

  test('a signed-in person on an unknown path, or on a public screen, is sent on to /uk', async () => {
    const { page } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    await signInViaUi(page, e2e.url, person);

    for (const path of ['/no-such-page', '/', '/register', '/recovery']) {
      await page.goto(`${e2e.url}${path}`);
      await expectPath(page, '/uk');
      await greeting(page, person.first_name).waitFor();
    }
  });
});

describe('the login screen as the server sends it (prerendered)', () => {
  /** Holds the app's script back until released, so the page is what the HTML made it. */
  const holdAppScript = (page: Page) => holdRequests(page, /\/assets\/index-[^/]*\.js$/);

  test('/login arrives with the heading and the form in its HTML, and the app takes it over', async () => {
    const html = await (await fetch(`${e2e.url}/login`)).text();
    expect(html).toContain(`<h1>${TEXT.loginHeading}</h1>`);
    expect(html).toContain('name="password"');

    const { page } = e2e;
    const release = await holdAppScript(page);
    await page.goto(`${e2e.url}/login`, { waitUntil: 'domcontentloaded' });
    await heading(page, TEXT.loginHeading).waitFor();
    await page.getByRole('button', { name: TEXT.signIn, exact: true }).waitFor();
    release();
    await expect.poll(() => page.locator('#root').getAttribute('data-prerendered')).toBeNull();
    await page.getByRole('link', { name: TEXT.register, exact: true }).click();
    await heading(page, TEXT.registerHeading).waitFor();
  });

  test('a form sent before the app has loaded is sent once it has', async () => {
    const { page } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    const release = await holdAppScript(page);
    await page.goto(`${e2e.url}/login`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel(TEXT.email, { exact: true }).fill(person.email);
    await page.getByLabel(TEXT.password, { exact: true }).fill(person.password);
    await page.getByLabel(TEXT.password, { exact: true }).press('Enter');
    // Nothing left the page: the password is in no address, the form waits.
    expect(pathOf(page)).toBe('/login');
    expect(page.url()).not.toContain('password');
    release();
    await expectPath(page, '/uk');
    await greeting(page, person.first_name).waitFor();
  });

  test('a stored session shows «Оновлення користувача...» from the first paint, never the form', async () => {
    const { page } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    await signInViaUi(page, e2e.url, person);
    const release = await holdAppScript(page);
    await page.goto(`${e2e.url}/login`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.getByRole('status').textContent()).toBe(TEXT.restoring);
    expect(await page.getByLabel(TEXT.password, { exact: true }).count()).toBe(0);
    release();
    await expectPath(page, '/uk');
    await greeting(page, person.first_name).waitFor();
  });
});
