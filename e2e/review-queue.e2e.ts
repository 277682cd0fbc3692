import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { getOk, newPerson, registerViaApi } from './support/api.js';
import { artifactsDir, useE2E } from './support/setup.js';
import { staffWithTwoStep } from './support/two-step.js';
import { expectPath, heading, submitLogin } from './support/ui.js';

// Three learners hand in homework; a curator opens the queue and reviews all three with the
// keyboard only — a mark key, C to the comment, the words, Ctrl+Enter sends and opens the next —
// and the queue is empty afterwards. Each learner's homework carries its mark and the comment.
const e2e = useE2E();

const CURATOR = { email: 'curator@example.org', password: 'yedyni-demo' };
const STARTER_COURSE = 'Курс переходу';

interface Learner {
  token: string;
  name: string;
  courseId: string;
}

/** A new learner (enrolled in the starter course by registration) who hands in lesson 1. */
async function learnerWithHomework(n: number): Promise<Learner> {
  const person = newPerson();
  const { token } = await registerViaApi(e2e.url, person);
  const { courses } = await getOk<{ courses: { _id: string; title: string; enrolled: boolean }[] }>(
    e2e.url,
    'GET',
    '/api/courses',
    token,
  );
  const course = courses.find((c) => c.title === STARTER_COURSE && c.enrolled);
  if (!course) throw new Error(`not enrolled in «${STARTER_COURSE}»`);
  const form = new FormData();
  form.set('courseId', course._id);
  form.set('lessonId', '1');
  form.set('homework', `Відповідь номер ${n}: діти, робота, повага до себе.`);
  const handedIn = await fetch(`${e2e.url}/api/exercises`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(handedIn.status, await handedIn.clone().text()).toBe(201);
  return { token, name: `${person.first_name} ${person.last_name}`, courseId: course._id };
}

interface MyExercise {
  rating: number | null;
  comments: { comment: string }[];
}

describe('review queue: the keyboard flow', () => {
  test('a curator reviews three homeworks with the keyboard only; the queue is then empty', async () => {
    const learners = [await learnerWithHomework(1), await learnerWithHomework(2), await learnerWithHomework(3)];
    const curatorToken = await staffWithTwoStep(e2e.url, CURATOR);
    const before = await getOk<{ total: number }>(e2e.url, 'GET', '/api/exercises/queue?who=all', curatorToken);
    expect(before.total, 'the three hand-ins wait (and nothing else)').toBe(3);

    const { page } = await e2e.newContext({ width: 1280, height: 800 });
    await page.goto(`${e2e.url}/login`);
    await submitLogin(page, CURATOR.email, CURATOR.password);
    await expectPath(page, '/uk');
    await page.goto(`${e2e.url}/uk/active`);
    await heading(page, 'Перевірка завдань').waitFor();
    await page.getByText('Лишилося: 3').waitFor();

    // Open the first (oldest) with the keyboard: Tab to its link, Enter.
    const first = page.getByRole('link').filter({ hasText: learners[0]?.name ?? '' });
    await first.focus();
    await page.keyboard.press('Enter');

    const marks = [12, 9, 10];
    const keyOf: Record<number, string> = { 9: '9', 10: '0', 11: '-', 12: '=' };
    const seen: string[] = [];
    for (const [i, mark] of marks.entries()) {
      const submitted = page.getByRole('article', { name: 'Відповідь учня' });
      await submitted.getByText(/Відповідь номер \d/).waitFor();
      const owner = (await page.locator('dd').first().textContent()) ?? '';
      expect(seen, 'each step opens a homework not reviewed yet').not.toContain(owner);
      seen.push(owner);
      const rating = page.getByRole('region', { name: 'Оцінка' });
      await rating.getByRole('button', { name: '1', exact: true }).waitFor();
      await page.locator('body').focus();
      await page.keyboard.press(keyOf[mark] ?? String(mark));
      await expect
        .poll(() => rating.getByRole('button', { name: String(mark), exact: true }).getAttribute('aria-pressed'))
        .toBe('true');
      await page.keyboard.press('c');
      await page.keyboard.type(`Дякую, ${owner}! Оцінка ${mark}.`);
      if (i === 0) await page.screenshot({ path: `${artifactsDir}/review-queue-1280.png`, fullPage: true });
      const url = page.url();
      await page.keyboard.press('Control+Enter');
      if (i < marks.length - 1)
        await expect.poll(() => page.url(), { message: 'Ctrl+Enter opens the next' }).not.toBe(url);
    }
    await heading(page, 'Усі завдання перевірено').waitFor();

    // Each learner's homework has its mark and the curator's words (through the API).
    for (const learner of learners) {
      const mine = await getOk<MyExercise>(
        e2e.url,
        'GET',
        `/api/exercises?courseId=${encodeURIComponent(learner.courseId)}&lessonId=1`,
        learner.token,
      );
      const step = seen.indexOf(learner.name);
      expect(step, `${learner.name} was reviewed`).toBeGreaterThanOrEqual(0);
      expect(mine.rating).toBe(marks[step]);
      expect(mine.comments.map((c) => c.comment)).toContain(`Дякую, ${learner.name}! Оцінка ${marks[step]}.`);
    }

    // The queue shows none left.
    await page.goto(`${e2e.url}/uk/active`);
    await page.getByText('Лишилося: 0').waitFor();
    const after = await getOk<{ total: number }>(e2e.url, 'GET', '/api/exercises/queue?who=all', curatorToken);
    expect(after.total).toBe(0);
  });

  test('the queue renders at 390 px', async () => {
    const learner = await learnerWithHomework(4);
    await staffWithTwoStep(e2e.url, CURATOR);
    const { page } = e2e;
    await page.goto(`${e2e.url}/login`);
    await submitLogin(page, CURATOR.email, CURATOR.password);
    await expectPath(page, '/uk');
    await page.goto(`${e2e.url}/uk/active`);
    await page.getByText('Лишилося: 1').waitFor();
    await page.getByRole('link').filter({ hasText: learner.name }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, '/uk/active queue at 390');
    await expectNoHorizontalScroll(page, '/uk/active queue at 390');
    await page.screenshot({ path: `${artifactsDir}/review-queue-390.png`, fullPage: true });
  });
});
