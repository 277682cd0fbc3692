import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { call, newPerson, registerViaApi } from './support/api.js';
import { readConfirmLink } from './support/mail.js';
import { useE2E } from './support/setup.js';
import { alertWith, heading, officeMenuButton, signInViaUi, waitForSessionRestored } from './support/ui.js';

const e2e = useE2E();

describe('my account at 390 px', () => {
  test('the address banner, names edited, and the password changed with the other devices signed out', async () => {
    const { page } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    await signInViaUi(page, e2e.url, person);

    // Unconfirmed: a calm banner, «Надіслати ще раз» answers in words.
    const banner = page.getByRole('region', { name: 'Підтвердження адреси', exact: true });
    await banner.getByText(`Підтвердіть адресу ${person.email}`).waitFor();
    await banner.getByRole('button', { name: 'Надіслати ще раз' }).click();
    await banner.getByText('Лист із посиланням надіслано. Посилання діє добу.').waitFor();
    await expectNoSeriousA11yViolations(page, 'the address banner');

    // The link opened in this browser confirms the address; the banner goes.
    await page.goto(await readConfirmLink(e2e.dataDir, person.email));
    await page.getByText('Адресу підтверджено. Дякуємо!').waitFor();
    await page.getByRole('link', { name: 'До профілю' }).click();
    await heading(page, 'Профіль').waitFor();
    await page.getByText(/— підтверджена$/).waitFor();
    expect(await banner.count()).toBe(0);

    // Names: a wrong one is named under its field and changes nothing; a right one shows at once in the header.
    const names = page.getByRole('region', { name: 'Імʼя та прізвище', exact: true });
    await names.getByLabel('Імʼя').fill('Я');
    await names.getByRole('button', { name: 'Зберегти' }).click();
    await names.getByText('Від 2 до 30 літер', { exact: false }).first().waitFor();
    await names.getByLabel('Імʼя').fill("Дар'я");
    await names.getByLabel('Прізвище').fill('Стусенко');
    await names.getByRole('button', { name: 'Зберегти' }).click();
    await names.getByText('Імʼя збережено.').waitFor();
    await officeMenuButton(page, 'Дарʼя').waitFor();
    await page.reload();
    await waitForSessionRestored(page);
    await expect.poll(() => names.getByLabel('Прізвище').inputValue()).toBe('Стусенко');

    // Another device signed in with the old password.
    const other = await call<{ token: string }>(e2e.url, 'POST', '/api/auth/login', {
      body: { email: person.email, password: person.password },
    });
    expect(other.status).toBe(200);

    // Password: a wrong current one changes nothing.
    const password = page.getByRole('region', { name: 'Пароль', exact: true });
    await password.getByLabel('Поточний пароль').fill('not my password');
    await password.getByLabel('Новий пароль').fill('a brand new secret');
    await password.getByRole('button', { name: 'Змінити пароль' }).click();
    await alertWith(page, 'Поточний пароль неправильний').waitFor();

    await password.getByLabel('Поточний пароль').fill(person.password);
    await password.getByLabel('Новий пароль').fill('a brand new secret');
    await expect.poll(() => password.getByLabel('Вийти на інших пристроях').isChecked()).toBe(true);
    await password.getByRole('button', { name: 'Змінити пароль' }).click();
    await password.getByText('Пароль змінено.').waitFor();
    await expectNoHorizontalScroll(page, 'the profile');
    await expectNoSeriousA11yViolations(page, 'the profile');

    // This device stays signed in; the other one is out; the new password signs in.
    await page.reload();
    await waitForSessionRestored(page);
    await heading(page, 'Профіль').waitFor();
    expect((await call(e2e.url, 'GET', '/api/auth/current', { token: other.body.token })).status).toBe(401);
    const fresh = await call(e2e.url, 'POST', '/api/auth/login', {
      body: { email: person.email, password: 'a brand new secret' },
    });
    expect(fresh.status).toBe(200);
  });
});
