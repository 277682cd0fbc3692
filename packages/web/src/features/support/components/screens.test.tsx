import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GRATITUDE_TIERS, kyivTime, type Team } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { indicators } from '../../../test/fixtures';
import { signedInApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { supportTexts } from '../texts';

const joined = kyivTime(2026, 3, 3, 9, 0);
const person = (_id: string, first_name: string, last_name: string, teamSize = 0) => ({
  _id,
  first_name,
  last_name,
  createdAt: joined,
  teamSize,
});
const me: Team = {
  partner: { _id: 'u-1', first_name: 'Олена', last_name: 'Коваль' },
  team: [person('u-2', 'Тарас', 'Шевчук', 1), person('u-4', 'Соломія', 'Кравець')],
};
const taras: Team = { partner: me.team[0] as Team['partner'], team: [person('u-3', 'Ярина', 'Гнатюк')] };
const yaryna: Team = { partner: taras.team[0] as Team['partner'], team: [] };

describe('support programme screens', () => {
  it('/uk/bonus: the title, the menu and the indicators in plain words (fetched on every visit)', async () => {
    const fetchMock = signedInApi({
      'GET /api/partners/indicators': () =>
        json({
          ...indicators,
          totalTime: 35 * 86_400,
          daysInMovement: 35,
          totalDonat: 2800,
          currentCount: 12,
          pastCount: 3,
        }),
    });
    renderApp('/uk/bonus');
    expect(await screen.findByRole('heading', { name: 'Програма підтримки', level: 1 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Розділи програми підтримки' });
    expect(within(menu).getByRole('link', { name: 'Показники' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('button', { name: 'Історія' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Команда' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Показники', level: 2 })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await within(main).findByText('3,00')).toBeInTheDocument();
    expect(within(main).getByText('20 балів')).toBeInTheDocument();
    expect(within(main).getByText('2 800,00 ₴')).toBeInTheDocument();
    expect(within(main).getByText('12 місяців навчання')).toBeInTheDocument();
    expect(within(main).getByText('3 місяці навчання')).toBeInTheDocument();
    expect(within(main).getByText('35 днів')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Подяки руху за підтримку' })).toHaveAttribute(
      'href',
      '/uk/bonus/gratitudes',
    );
    // Once for the header, again for this screen (StrictMode may repeat effects).
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url) === '/api/partners/indicators').length,
      ).toBeGreaterThanOrEqual(2),
    );
  });

  it("«Ви в русі» counts the days since registration, not the level's 28-day minimum (issue 18, item 7)", async () => {
    // Registered today: the level still measures 28 days, the screen says it is the first day.
    signedInApi({
      'GET /api/partners/indicators': () => json({ ...indicators, totalTime: 28 * 86_400, daysInMovement: 0 }),
    });
    renderApp('/uk/bonus');
    const time = (await screen.findByRole('heading', { name: 'Ви в русі' })).parentElement as HTMLElement;
    expect(within(time).getByText('Перший день')).toBeInTheDocument();
    expect(within(time).queryByText(/^28 днів$/)).not.toBeInTheDocument();
  });

  it('«Ви в русі»: the right plural form', () => {
    expect([0, 1, 2, 5, 11, 21, 22, 25].map(supportTexts.days)).toEqual([
      'Перший день',
      '1 день',
      '2 дні',
      '5 днів',
      '11 днів',
      '21 день',
      '22 дні',
      '25 днів',
    ]);
  });

  it('the team: opening a member pushes the history, «Назад» restores the partner before', async () => {
    signedInApi({
      'GET /api/partners': () => json(me),
      'GET /api/partners/u-2': () => json(taras),
      'GET /api/partners/u-3': () => json(yaryna),
    });
    const app = renderApp('/uk/bonus/team');
    const ui = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Моя команда' })).toBeInTheDocument();
    const tarasButton = await screen.findByRole('button', { name: /Тарас Шевчук/ });
    expect(tarasButton).toHaveTextContent('У русі з 03-03-2026');
    expect(tarasButton).toHaveTextContent('Команда: 1 учасник');
    expect(screen.getByRole('button', { name: /Соломія Кравець/ })).toHaveTextContent('Команда: 0 учасників');
    expect(screen.queryByRole('button', { name: /Назад/ })).not.toBeInTheDocument();

    await ui.click(tarasButton);
    const tarasHeading = await screen.findByRole('heading', { name: 'Команда: Тарас Шевчук' });
    await waitFor(() => expect(tarasHeading).toHaveFocus());
    await ui.click(screen.getByRole('button', { name: /Ярина Гнатюк/ }));
    expect(await screen.findByRole('heading', { name: 'Команда: Ярина Гнатюк' })).toBeInTheDocument();
    expect(screen.getByText('У цього учасника поки немає команди.')).toBeInTheDocument();
    expect(app.store.getState().partners.history.map((team) => team.partner._id)).toEqual(['u-1', 'u-2']);

    await ui.click(screen.getByRole('button', { name: /Назад/ }));
    expect(await screen.findByRole('heading', { name: 'Команда: Тарас Шевчук' })).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: /Назад/ }));
    expect(await screen.findByRole('heading', { name: 'Моя команда' })).toBeInTheDocument();
    expect(app.store.getState().partners.history).toEqual([]);
  });

  it('an empty team points to the invitation link; a refused member shows the server message', async () => {
    signedInApi({
      'GET /api/partners': () => json({ ...me, team: [person('u-9', 'Остап', 'Мельник')] }),
      'GET /api/partners/u-9': () => json({ message: 'Такого учасника немає у вашій команді' }, 404),
    });
    renderApp('/uk/bonus/team');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: /Остап Мельник/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Такого учасника немає у вашій команді');
    expect(screen.getByRole('heading', { name: 'Моя команда' })).toBeInTheDocument();
  });

  it('with nobody invited yet, the team screen offers the invitation link', async () => {
    signedInApi({ 'GET /api/partners': () => json({ ...me, team: [] }) });
    renderApp('/uk/bonus/team');
    expect(await screen.findByText(/Ви ще нікого не запросили/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Моє посилання-запрошення' })).toHaveAttribute('href', '/uk/profile');
  });

  it('gratitudes: tiers by type, «Досягнуто» where reached, «Обрати» prefills the donation form', async () => {
    signedInApi({
      'GET /api/partners/gratitudes': () =>
        json({
          tiers: GRATITUDE_TIERS.map((tier) => ({ ...tier, reached: tier.type === 'subscribe' && tier.from <= 960 })),
        }),
    });
    renderApp('/uk/bonus/gratitudes');
    expect(await screen.findByRole('heading', { name: 'Подяки' })).toBeInTheDocument();
    const monthly = screen.getByRole('region', { name: 'Щомісячна підписка' });
    const once = screen.getByRole('region', { name: 'Разовий внесок' });
    expect(within(monthly).getAllByRole('listitem')).toHaveLength(6);
    expect(within(once).getAllByRole('listitem')).toHaveLength(5);
    await waitFor(() => expect(within(monthly).getAllByText('Досягнуто')).toHaveLength(2));
    expect(within(once).queryByText('Досягнуто')).not.toBeInTheDocument();
    const [first] = within(monthly).getAllByRole('listitem');
    expect(first).toHaveTextContent('Фірмова футболка руху');
    expect(within(first as HTMLElement).getByRole('link', { name: 'Обрати' })).toHaveAttribute(
      'href',
      '/uk/donat?amount=480&type=subscribe',
    );
    expect(within(once).getAllByRole('link', { name: 'Обрати' })[0]).toHaveAttribute(
      'href',
      '/uk/donat?amount=960&type=once',
    );
  });

  it('gratitudes: the tier reached and what is left to the next, in each kind (issue 18, item 7)', async () => {
    signedInApi({
      'GET /api/partners/gratitudes': () =>
        json({
          tiers: GRATITUDE_TIERS.map((tier) => ({
            ...tier,
            reached: tier.type === 'subscribe' ? tier.from <= 600 : false,
          })),
          totals: { subscribe: 600, once: 400 },
        }),
    });
    renderApp('/uk/bonus/gratitudes');
    const monthly = await screen.findByRole('region', { name: 'Щомісячна підписка' });
    const once = screen.getByRole('region', { name: 'Разовий внесок' });
    expect(
      await within(monthly).findByText(
        'Ваш рівень: «Фірмова футболка руху». Ваші підписки разом — 600,00 ₴ на місяць. До рівня «Фірмове худі руху» бракує 360,00 ₴ на місяць.',
      ),
    ).toBeInTheDocument();
    expect(
      within(once).getByText(
        'Найбільший разовий внесок — 400,00 ₴: рівень ще не досягнуто. Рівень «Фірмова футболка руху» — за один внесок від 960,00 ₴.',
      ),
    ).toBeInTheDocument();
    // The next tier's card is marked too.
    const [, hoodie] = within(monthly).getAllByRole('listitem');
    expect(within(hoodie as HTMLElement).getByText('Наступний')).toBeInTheDocument();
    expect(within(monthly).getAllByText('Наступний')).toHaveLength(1);
  });

  it('gratitudes: the highest tier reached says so', async () => {
    signedInApi({
      'GET /api/partners/gratitudes': () =>
        json({
          tiers: GRATITUDE_TIERS.map((tier) => ({ ...tier, reached: tier.type === 'once' })),
          totals: { subscribe: 0, once: 30_000 },
        }),
    });
    renderApp('/uk/bonus/gratitudes');
    const once = await screen.findByRole('region', { name: 'Разовий внесок' });
    expect(await within(once).findByText(/Це найвищий рівень\. Дякуємо!/)).toHaveTextContent(
      'Ваш рівень: «Згадка в медійних релізах руху». Найбільший разовий внесок — 30 000,00 ₴.',
    );
    expect(
      within(screen.getByRole('region', { name: 'Щомісячна підписка' })).getByText(
        /Щомісячних підписок поки немає — рівень ще не досягнуто\. До рівня «Фірмова футболка руху» бракує 480,00 ₴ на місяць\./,
      ),
    ).toBeInTheDocument();
  });
});
