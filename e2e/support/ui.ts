/** The app's screens as a person sees them: Ukrainian labels, roles and names. */
import type { Locator, Page } from 'playwright-core';
import { getOk, newPerson, type Person, registerViaApi } from './api.js';
import { hasTwoStep, nextCode, submitCode } from './two-step.js';

export const TEXT = {
  loginHeading: 'Вхід',
  registerHeading: 'Реєстрація',
  recoveryHeading: 'Відновлення пароля',
  resetHeading: 'Новий пароль',
  firstName: 'Імʼя', // U+02BC
  lastName: 'Прізвище',
  email: 'Електронна пошта',
  password: 'Пароль',
  newPassword: 'Новий пароль',
  signIn: 'Увійти',
  register: 'Зареєструватися',
  sendLink: 'Надіслати посилання',
  changePassword: 'Змінити пароль',
  signOut: 'Вийти',
  restoring: 'Оновлення користувача...',
  consent: /погоджуюся/,
  officeMenu: ['Профіль', 'Сповіщення', 'Розмовні клуби', 'Програма підтримки', 'Вийти'],
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Waits until the address bar shows `path` (pathname only), with a readable failure. */
export async function expectPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === path, { timeout, waitUntil: 'commit' });
  } catch {
    throw new Error(`Expected to be on ${path}, but the page is at ${new URL(page.url()).pathname}`);
  }
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

export const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

/** The greeting on the home screen: a heading that contains the first name. */
export const greeting = (page: Page, firstName: string) =>
  page.getByRole('heading', { name: new RegExp(escapeRegExp(firstName)) });

/** The header's office menu button: its accessible name contains the first name. */
export const officeMenuButton = (page: Page, firstName: string) =>
  page.getByRole('button', { name: new RegExp(escapeRegExp(firstName)) });

/** An entry of an opened menu, whatever role the app gives it (menuitem, link or button). */
export const menuEntry = (page: Page, name: string): Locator =>
  page
    .getByRole('menuitem', { name, exact: true })
    .or(page.getByRole('link', { name, exact: true }))
    .or(page.getByRole('button', { name, exact: true }));

/** An alert region that shows `text` (live regions may exist empty; this waits for the text). */
export const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** Waits until the session restore screen («Оновлення користувача...») is gone. */
export async function waitForSessionRestored(page: Page): Promise<void> {
  await page.getByText(TEXT.restoring).waitFor({ state: 'hidden' });
}

export async function fillRegistration(page: Page, person: Person): Promise<void> {
  await heading(page, TEXT.registerHeading).waitFor();
  await page.getByLabel(TEXT.firstName, { exact: true }).fill(person.first_name);
  await page.getByLabel(TEXT.lastName, { exact: true }).fill(person.last_name);
  await page.getByLabel(TEXT.email, { exact: true }).fill(person.email);
  await page.getByLabel(TEXT.password, { exact: true }).fill(person.password);
  await page.getByRole('checkbox', { name: TEXT.consent }).check();
}

/**
 * Fills the login form that is on screen and presses «Увійти»; for an account this test turned
 * two-step sign-in on for (support/two-step.ts), then types its code on the code screen.
 */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await heading(page, TEXT.loginHeading).waitFor();
  await page.getByLabel(TEXT.email, { exact: true }).fill(email);
  await page.getByLabel(TEXT.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: TEXT.signIn, exact: true }).click();
  const origin = new URL(page.url()).origin;
  if (hasTwoStep(origin, email)) await submitCode(page, nextCode(origin, email));
}

/** Opens /login and signs in; waits until the home screen greets the person. */
export async function signInViaUi(page: Page, baseUrl: string, person: Person): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, person.email, person.password);
  await expectPath(page, '/uk');
  await greeting(page, person.first_name).waitFor();
}

/** Opens the office menu (button named with the first name) and returns once «Вийти» shows. */
export async function openOfficeMenu(page: Page, firstName: string): Promise<void> {
  await officeMenuButton(page, firstName).click();
  await menuEntry(page, TEXT.signOut).waitFor();
}

/** Office menu → «Вийти» → /login. */
export async function signOutViaUi(page: Page, firstName: string): Promise<void> {
  await openOfficeMenu(page, firstName);
  await menuEntry(page, TEXT.signOut).click();
  await expectPath(page, '/login');
  await heading(page, TEXT.loginHeading).waitFor();
}

/** The token redux-persist keeps under localStorage `persist:auth`, if any. */
export async function storedToken(page: Page): Promise<string | undefined> {
  const raw = await page.evaluate(() => localStorage.getItem('persist:auth'));
  if (!raw) return undefined;
  const outer = JSON.parse(raw) as Record<string, unknown>;
  const value = outer.token;
  if (typeof value !== 'string') return undefined;
  // redux-persist stores every key JSON-encoded a second time
  try {
    const inner: unknown = JSON.parse(value);
    return typeof inner === 'string' && inner !== '' ? inner : undefined;
  } catch {
    return value || undefined;
  }
}

/**
 * A new learner (registration enrols them in «Курс переходу», whose lesson 1 is open), signed in
 * on `page` and looking at that lesson's practice tab with its homework form.
 */
export async function newLearnerAtPractice(page: Page, baseUrl: string) {
  const person = newPerson();
  const { token, user } = await registerViaApi(baseUrl, person);
  const { courses } = await getOk<{ courses: { _id: string; title: string; enrolled: boolean }[] }>(
    baseUrl,
    'GET',
    '/api/courses',
    token,
  );
  const course = courses.find((c) => c.title === 'Курс переходу' && c.enrolled);
  if (!course) throw new Error('not enrolled in «Курс переходу»');
  await signInViaUi(page, baseUrl, person);
  await page.goto(`${baseUrl}/uk/learn/${course._id}/1/practice`);
  await heading(page, 'Домашнє завдання').waitFor();
  return { person, token, user, course };
}

/**
 * Holds every request matching `url` until the returned function is called (the request then
 * goes on), to see the page as it is before that answer, or that script, has arrived.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}
