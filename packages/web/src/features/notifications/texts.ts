import { formatDateTime } from '@yedyni/contract';

/** Notifications a page of the list asks for (the contract's default limit). */
export const NOTIFICATIONS_LIMIT = 20;

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** Texts of the notification screens (they load with them). e2e tests rely on some of these. */
export const notificationTexts = {
  when: formatDateTime,
  hour,

  title: 'Сповіщення',
  lead: 'Що сталося з вашими уроками, домашніми завданнями, клубами й підтримкою.',
  settingsLink: 'Налаштувати сповіщення',
  markAll: 'Позначити всі прочитаними',
  allRead: 'Усі сповіщення прочитано.',
  unreadMark: 'Нове',
  empty: 'Сповіщень поки немає. Щойно станеться щось важливе для вас, воно зʼявиться тут.',
  failed: 'Не вдалося завантажити сповіщення. Оновіть сторінку трохи згодом.',
  more: 'Показати ще',
  list: 'Ваші сповіщення',

  settingsTitle: 'Налаштування сповіщень',
  settingsLead: 'Оберіть, про що й куди вам писати. Сповіщення в застосунку завжди зберігаються в списку.',
  backToList: 'До сповіщень',
  channelsLegend: (category: string) => `${category}: куди надсилати`,
  channelLabel: (category: string, channel: string) => `${category} — ${channel}`,
  category: 'Про що',
  accountMailFixed: 'Листи про безпеку акаунта надходять завжди.',
  timeLegend: 'Коли',
  digestHour: 'Ранковий лист з уроком дня (за Києвом)',
  quietLegend: 'Тихі години: без push і листів',
  quietFrom: 'Від',
  quietTo: 'До',
  quietHint: 'Однакові години — тихих годин немає. Сповіщення, що прийдуть уночі, надійдуть після їх завершення.',
  allOff: 'Вимкнути все',
  allOffHint: 'Лишаться тільки список у застосунку й листи про безпеку акаунта.',
  save: 'Зберегти',
  saving: 'Зберігаємо…',
  saved: 'Налаштування збережено.',
  loadFailed: 'Не вдалося завантажити налаштування. Оновіть сторінку трохи згодом.',

  pushLegend: 'Push на цьому пристрої',
  pushChecking: 'Перевіряємо, чи можна ввімкнути push-сповіщення…',
  pushOn: 'Увімкнено на цьому пристрої.',
  pushOff: 'Вимкнено на цьому пристрої.',
  pushEnable: 'Увімкнути на цьому пристрої',
  pushDisable: 'Вимкнути на цьому пристрої',
  pushEnabled: 'Push-сповіщення увімкнено на цьому пристрої.',
  pushDisabled: 'Push-сповіщення на цьому пристрої вимкнено.',
  pushUnsupported: 'Цей браузер не підтримує push-сповіщення. Спробуйте інший браузер або встановіть застосунок.',
  pushDenied:
    'Браузер заборонив сповіщення для цього сайту. Дозвольте їх у налаштуваннях сайту в браузері, тоді спробуйте ще раз.',
  pushUnavailable: 'Push-сповіщення на цьому сервері не налаштовані.',
  pushFailed: 'Не вдалося змінити push-сповіщення. Спробуйте ще раз.',

  unsubscribeTitle: 'Відписка від листів',
  unsubscribeLead:
    'Ви перейшли за посиланням «Відписатися» з листа «Єдиних». Натисніть кнопку, щоб більше не отримувати листи цього виду.',
  unsubscribeButton: 'Відписатися',
  unsubscribing: 'Відписуємо…',
  unsubscribed: (category: string, email: string) =>
    `Готово: листів «${category}» на ${email} більше не буде. Інші сповіщення можна змінити в налаштуваннях після входу.`,
  unsubscribeNoToken: 'У посиланні немає ключа відписки. Відкрийте посилання з листа ще раз.',
  toSettings: 'Налаштування сповіщень',
  toHome: 'На головну',
} as const;
