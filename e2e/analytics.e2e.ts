import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { call, newPerson, registerViaApi } from './support/api.js';
import { DESKTOP } from './support/browser.js';
import { STARTER_COURSE, starterCourse } from './support/chat.js';
import { ageEnrolment } from './support/db.js';
import { artifactsDir, useE2E } from './support/setup.js';
import { signInViaApi, staffWithTwoStep } from './support/two-step.js';
import { expectPath, heading, signInViaUi } from './support/ui.js';

// Wave analytics: a curator sees the wave's chart and who has been away, nudges one learner with
// one click (a second nudge is refused with the date of the first), and the learner is told.
const e2e = useE2E();

const CURATOR = { email: 'curator@example.org', password: 'yedyni-demo', first_name: 'Тарас', last_name: 'Мельник' };
describe('wave analytics', () => {
  test('a curator nudges an inactive learner once; the learner receives it', async () => {
    // Two learners who joined five days ago and have done nothing since.
    const away = newPerson();
    const other = newPerson();
    const { token, user } = await registerViaApi(e2e.url, away);
    const { user: otherUser } = await registerViaApi(e2e.url, other);
    ageEnrolment(e2e.dataDir, user._id, 5);
    ageEnrolment(e2e.dataDir, otherUser._id, 5);
    const course = await starterCourse(e2e.url, token);
    const name = `${away.first_name} ${away.last_name}`;

    // Curators must have two-step sign-in on before their screens open.
    await staffWithTwoStep(e2e.url, CURATOR);
    const { page } = await e2e.newContext(DESKTOP);
    await signInViaUi(page, e2e.url, CURATOR);
    await page.goto(`${e2e.url}/uk/admin/courses`);
    await page.getByRole('link', { name: 'Аналітика', exact: true }).click();
    await expectPath(page, '/uk/admin/analytics');
    await heading(page, 'Аналітика хвилі').waitFor();
    await page.getByLabel('Курс', { exact: true }).selectOption({ label: STARTER_COURSE });
    // The chart, described, and its numbers a click away.
    await page.getByRole('figure', { name: /Графік: чотири лінії за уроками 1–28/ }).waitFor();
    await page.getByText('Показати таблицю').click();
    await page.getByRole('table', { name: 'Уроки хвилі день за днем' }).getByRole('row').nth(28).waitFor();

    // Who is away: both, never started; one click nudges the first.
    const inactive = page.getByRole('region', { name: /Неактивні учасники/ });
    const row = inactive.getByRole('row').filter({ hasText: name });
    await row.getByText('ще не починав').waitFor();
    await inactive
      .getByRole('row')
      .filter({ hasText: `${other.first_name} ${other.last_name}` })
      .waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, 'wave analytics at 1280 px');
    await row.getByRole('button', { name: 'Нагадати', exact: true }).click();
    const today = new Intl.DateTimeFormat('uk-UA', {
      timeZone: 'Europe/Kyiv',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    })
      .format(new Date())
      .replace(/\s*р\.$/, '');
    await row.getByText(`Нагадали ${today}`).waitFor();
    expect(await row.getByRole('button', { name: 'Нагадати', exact: true }).count(), 'no second click').toBe(0);
    await mkdir(artifactsDir, { recursive: true });
    await page.screenshot({ path: join(artifactsDir, 'analytics-1280.png'), fullPage: true });

    // A second nudge (another curator's page, or a stale one) is refused with the first one's date.
    const curatorToken = await signInViaApi(e2e.url, CURATOR);
    const again = await call<{ results: { userId: string; nudged: boolean; reason?: string }[] }>(
      e2e.url,
      'POST',
      `/api/analytics/waves/${encodeURIComponent(course._id)}/${encodeURIComponent(course.wave)}/nudges`,
      { token: curatorToken, body: { userIds: [user._id] } },
    );
    expect(again.status).toBe(200);
    expect(again.body.results).toEqual([
      { userId: user._id, nudged: false, nudgedAt: expect.any(Number), reason: `Уже нагадували ${today}` },
    ]);
    // Read afresh, the screen still offers no second nudge and says when the first went.
    await page.reload();
    await page.getByLabel('Курс', { exact: true }).selectOption({ label: STARTER_COURSE });
    await inactive.getByRole('row').filter({ hasText: name }).getByText(`Нагадали ${today}`).waitFor();

    // At 390 px nothing scrolls sideways.
    const phone = e2e.page;
    await signInViaUi(phone, e2e.url, CURATOR);
    await phone.goto(`${e2e.url}/uk/admin/analytics`);
    await phone.getByLabel('Курс', { exact: true }).selectOption({ label: STARTER_COURSE });
    await phone
      .getByRole('region', { name: /Неактивні учасники/ })
      .getByText(name)
      .waitFor();
    await phone.waitForLoadState('networkidle');
    await expectNoHorizontalScroll(phone, 'wave analytics at 390 px');
    await phone.screenshot({ path: join(artifactsDir, 'analytics-390.png'), fullPage: true });

    // The learner has the nudge, with a link to the lesson to catch up on.
    const learner = (await e2e.newContext()).page;
    await signInViaUi(learner, e2e.url, away);
    await learner.goto(`${e2e.url}/uk/notifications`);
    const nudge = learner
      .getByRole('list', { name: 'Ваші сповіщення' })
      .getByRole('link')
      .filter({ hasText: `Сумуємо за вами в курсі «${STARTER_COURSE}»` });
    await nudge.waitFor();
    expect(await nudge.getAttribute('href')).toMatch(new RegExp(`^/uk/learn/${course._id}/\\d+$`));
    // Only one, though two curators tried.
    expect(await nudge.count()).toBe(1);
  });
});
