import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { call, newPerson, registerViaApi } from './support/api.js';
import { useE2E } from './support/setup.js';
import { expectPath, heading, signInViaUi, TEXT } from './support/ui.js';

const e2e = useE2E();

// «Де я увійшов» on the profile at 390 px: a phone sees the other device, ends it, then leaves
// everywhere, this phone included.
describe('where I am signed in', () => {
  test('lists my devices, ends another one, then signs out everywhere (390 px)', async () => {
    const page = e2e.page;
    const person = newPerson();
    const { token: elsewhere } = await registerViaApi(e2e.url, person);
    await signInViaUi(page, e2e.url, person);

    await page.goto(`${e2e.url}/uk/profile`);
    const section = page.getByRole('region', { name: 'Де я увійшов' });
    await section.getByText('Цей пристрій').waitFor();
    const leaveButtons = section.getByRole('button', { name: 'Вийти тут' });
    expect(await leaveButtons.count()).toBe(2);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);

    // The session made through the API is the second: end it, and its token stops working.
    await leaveButtons.nth(1).click();
    await section.getByRole('button', { name: 'Вийти', exact: true }).click();
    await section.getByText('Ви вийшли на тому пристрої.').waitFor();
    expect(await leaveButtons.count()).toBe(1);
    expect((await call(e2e.url, 'GET', '/api/auth/current', { token: elsewhere })).status).toBe(401);

    await section.getByRole('button', { name: 'Вийти всюди, і тут теж' }).click();
    await section.getByRole('button', { name: 'Вийти', exact: true }).click();
    await expectPath(page, '/login');
    await heading(page, TEXT.loginHeading).waitFor();
  });
});
