import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationPreferences } from '@yedyni/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user, withRole } from '../../../test/fixtures';
import { callsOf, lastBody, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { preferencesFixture } from '../../../test/notifications';
import { renderApp } from '../../../test/renderApp';

const GET = 'GET /api/notifications/preferences';
const PUT = 'PUT /api/notifications/preferences';
const KEY = 'GET /api/notifications/push/key';
const SUBSCRIBE = 'POST /api/notifications/push/subscriptions';
const UNSUBSCRIBE = 'DELETE /api/notifications/push/subscriptions';
/** A VAPID public key as the server sends it (base64url of 65 bytes). */
const PUBLIC_KEY = `B${'A'.repeat(86)}`;

/** The server keeps what it is given, with the account's security mail on (as it does). */
function settingsApi(extra: Parameters<typeof learnerApi>[0] = {}) {
  let saved = preferencesFixture();
  return learnerApi({
    [GET]: () => json(saved),
    [PUT]: (init) => {
      saved = JSON.parse(String(init.body)) as NotificationPreferences;
      saved.categories.account.email = true;
      return json(saved);
    },
    [KEY]: () => json({ publicKey: PUBLIC_KEY }),
    ...extra,
  });
}

// The screen has 21 checkboxes whose accessible names jsdom works out slowly: more time than the
// default 5 s per test on a busy machine.
describe('/uk/notifications/settings', { timeout: 15_000 }, () => {
  it('a labelled checkbox per category and channel, each category a fieldset with its legend', async () => {
    settingsApi();
    renderApp('/uk/notifications/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Налаштування сповіщень' })).toBeInTheDocument();
    const lessons = await screen.findByRole('group', { name: 'Урок дня: куди надсилати' });
    expect(within(lessons).getByRole('checkbox', { name: 'Урок дня: У застосунку' })).toBeChecked();
    expect(within(lessons).getByRole('checkbox', { name: 'Урок дня: Пошта' })).toBeChecked();
    expect(within(lessons).getByRole('checkbox', { name: 'Урок дня: Push' })).toBeChecked();
    // The defaults: clubs by push, not by mail.
    expect(screen.getByRole('checkbox', { name: 'Розмовні клуби: Пошта' })).not.toBeChecked();
    // A learner's eight categories × three channels, each named; the curators' review digest is not offered.
    expect(screen.getAllByRole('checkbox', { name: /: (У застосунку|Пошта|Push)$/ })).toHaveLength(24);
    // A curator's nudge comes everywhere unless switched off.
    expect(screen.getByRole('checkbox', { name: 'Нагадування від кураторів: Пошта' })).toBeChecked();
    // «Серія під загрозою»: in the app and by push, not by mail.
    expect(screen.getByRole('checkbox', { name: 'Серія днів: Push' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Серія днів: Пошта' })).not.toBeChecked();
    expect(screen.queryByRole('group', { name: 'Перевірка домашніх завдань: куди надсилати' })).toBeNull();
    const accountMail = screen.getByRole('checkbox', { name: 'Безпека акаунта: Пошта' });
    expect(accountMail).toBeChecked();
    expect(accountMail).toBeDisabled();
    expect(screen.getByLabelText('Ранковий лист з уроком дня (за Києвом)')).toHaveValue('8');
    const quiet = screen.getByRole('group', { name: 'Тихі години: без push і листів' });
    expect(within(quiet).getByLabelText('Від')).toHaveValue('22');
    expect(within(quiet).getByLabelText('До')).toHaveValue('8');
    expect(screen.getByRole('link', { name: /До сповіщень/ })).toHaveAttribute('href', '/uk/notifications');
  });

  it('a curator is offered the review digest too', async () => {
    settingsApi({ 'GET /api/auth/current': () => json(withRole(user, 'moderator')) });
    renderApp('/uk/notifications/settings');
    const review = await screen.findByRole('group', { name: 'Перевірка домашніх завдань: куди надсилати' });
    expect(within(review).getByRole('checkbox', { name: 'Перевірка домашніх завдань: Пошта' })).toBeChecked();
    expect(screen.getAllByRole('checkbox', { name: /: (У застосунку|Пошта|Push)$/ })).toHaveLength(27);
  });

  it('saves what was changed, all at once, and says so', async () => {
    const fetchMock = settingsApi();
    renderApp('/uk/notifications/settings');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Розмовні клуби: Пошта' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Олімпіади: Push' }));
    await userEvent.selectOptions(screen.getByLabelText('Ранковий лист з уроком дня (за Києвом)'), '07:00');
    await userEvent.selectOptions(screen.getByLabelText('Від'), '23:00');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Налаштування збережено.');

    const expected = preferencesFixture();
    expected.categories.clubs.email = true;
    expected.categories.olympiads.push = false;
    expected.digestHour = 7;
    expected.quietFrom = 23;
    expect(lastBody(fetchMock, PUT)).toEqual(expected);
    // A change after saving takes the confirmation away: it no longer describes the screen.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Урок дня: Пошта' }));
    expect(screen.queryByText('Налаштування збережено.')).not.toBeInTheDocument();
  });

  it('«Вимкнути все» leaves the grid on screen but switched off, and is saved', async () => {
    const fetchMock = settingsApi();
    renderApp('/uk/notifications/settings');
    const allOff = await screen.findByRole('checkbox', { name: 'Вимкнути все' });
    expect(allOff).toHaveAccessibleDescription('Лишаться тільки список у застосунку й листи про безпеку акаунта.');
    await userEvent.click(allOff);
    expect(screen.getByRole('checkbox', { name: 'Урок дня: Пошта' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await screen.findByText('Налаштування збережено.');
    expect(lastBody(fetchMock, PUT)).toMatchObject({ allOff: true });
  });

  it('a refused save shows the server’s message', async () => {
    settingsApi({ [PUT]: () => json({ message: 'Тихі години: година від 0 до 23' }, 400) });
    renderApp('/uk/notifications/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Тихі години: година від 0 до 23');
  });

  it('a failed load says so quietly', async () => {
    settingsApi({ [GET]: () => json({ message: 'Помилка сервера' }, 500) });
    renderApp('/uk/notifications/settings');
    expect(
      await screen.findByText('Не вдалося завантажити налаштування. Оновіть сторінку трохи згодом.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a browser without push says so and offers no switch', async () => {
    settingsApi();
    renderApp('/uk/notifications/settings');
    const push = await screen.findByRole('group', { name: 'Push на цьому пристрої' });
    expect(await within(push).findByText(/Цей браузер не підтримує push-сповіщення/)).toBeInTheDocument();
    expect(within(push).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('push on this device', { timeout: 15_000 }, () => {
  /** The browser's parts push needs: a worker registration whose push manager the test watches. */
  function browserPush(permission: NotificationPermission) {
    let subscription: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
    const subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      subscription = {
        endpoint: 'https://push.example.org/send/abc',
        toJSON: () => ({
          endpoint: 'https://push.example.org/send/abc',
          expirationTime: null,
          keys: {
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          },
        }),
        unsubscribe: vi.fn(async () => {
          subscription = null;
          return true;
        }),
      };
      return { subscription, options };
    });
    const registration = {
      active: {},
      pushManager: {
        getSubscription: async () => subscription,
        subscribe: async (o: never) => (await subscribe(o)).subscription,
      },
    };
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => permission) });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
    });
    return { subscribe, current: () => subscription };
  }

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('switched on: the browser asks, subscribes with the server’s key, and the server is told; then off again', async () => {
    const push = browserPush('granted');
    const fetchMock = settingsApi({
      [SUBSCRIBE]: () => json({}, 201),
      [UNSUBSCRIBE]: () => new Response(null, { status: 204 }),
    });
    renderApp('/uk/notifications/settings');
    const group = await screen.findByRole('group', { name: 'Push на цьому пристрої' });
    expect(await within(group).findByText('Вимкнено на цьому пристрої.')).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: 'Увімкнути на цьому пристрої' }));
    expect(await within(group).findByRole('status')).toHaveTextContent('Push-сповіщення увімкнено на цьому пристрої.');
    expect(within(group).getByText('Увімкнено на цьому пристрої.')).toBeInTheDocument();

    const key = push.subscribe.mock.calls[0]?.[0].applicationServerKey;
    expect(key?.length).toBe(65);
    expect(key?.[0]).toBe(0x04);
    expect(lastBody(fetchMock, SUBSCRIBE)).toMatchObject({
      endpoint: 'https://push.example.org/send/abc',
      keys: { auth: 'tBHItJI5svbpez7KI4CCXg' },
    });

    await userEvent.click(within(group).getByRole('button', { name: 'Вимкнути на цьому пристрої' }));
    expect(await within(group).findByText('Push-сповіщення на цьому пристрої вимкнено.')).toBeInTheDocument();
    expect(lastBody(fetchMock, UNSUBSCRIBE)).toEqual({ endpoint: 'https://push.example.org/send/abc' });
    expect(push.current()).toBeNull();
  });

  it('refused by the person: the screen says how to allow it, nothing is sent', async () => {
    browserPush('denied');
    const fetchMock = settingsApi();
    renderApp('/uk/notifications/settings');
    const group = await screen.findByRole('group', { name: 'Push на цьому пристрої' });
    await userEvent.click(await within(group).findByRole('button', { name: 'Увімкнути на цьому пристрої' }));
    expect(await within(group).findByText(/Браузер заборонив сповіщення для цього сайту/)).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain(SUBSCRIBE);
  });

  it('a server without push keys says so', async () => {
    browserPush('granted');
    settingsApi({ [KEY]: () => json({ publicKey: null }) });
    renderApp('/uk/notifications/settings');
    const group = await screen.findByRole('group', { name: 'Push на цьому пристрої' });
    await waitFor(() =>
      expect(within(group).getByText('Push-сповіщення на цьому сервері не налаштовані.')).toBeInTheDocument(),
    );
    expect(within(group).queryByRole('button')).not.toBeInTheDocument();
  });
});
