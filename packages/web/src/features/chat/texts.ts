import { CHAT_TEXT_MAX, formatDate, formatDateTime, kyivIsoDate, kyivParts, PAGE_SIZE } from '@yedyni/contract';

export { CHAT_TEXT_MAX };
/** The counter shows from here on. */
export const CHAT_COUNTER_FROM = 400;
/** Messages per history page. */
export const CHAT_PAGE_SIZE = PAGE_SIZE;
const pad = (n: number) => String(n).padStart(2, '0');

/** HH:mm in Kyiv. */
export function formatTime(instant: number): string {
  const p = kyivParts(instant);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** The heading of a day in the chat: «Сьогодні», «Учора» or dd-mm-yyyy, by Kyiv days. */
function dayLabel(instant: number, now = Date.now()): string {
  const day = kyivIsoDate(instant);
  if (day === kyivIsoDate(now)) return 'Сьогодні';
  if (day === kyivIsoDate(now - 24 * 60 * 60 * 1000)) return 'Учора';
  return formatDate(instant);
}

/** Texts of the course chat (they load with it). e2e tests rely on some of these. */
export const chatTexts = {
  title: 'Чат курсу',
  wave: (wave: string) => `Хвиля ${wave}`,
  close: 'Закрити чат',
  messages: 'Повідомлення чату',
  loading: 'Завантажуємо повідомлення…',
  loadingOlder: 'Завантажуємо попередні повідомлення…',
  beginning: 'Це початок розмови хвилі.',
  empty: 'Тут ще тихо. Напишіть перше повідомлення своїй хвилі!',
  loadFailed: 'Не вдалося завантажити повідомлення.',
  retry: 'Спробувати ще раз',
  you: 'Ви',
  /** By the name of someone who speaks for the movement (the server says who). */
  senderTitle: { curator: 'куратор', admin: 'адміністратор' },
  fullName: (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim(),
  time: formatTime,
  fullTime: formatDateTime,
  day: dayLabel,
  edited: '(змінено)',
  edit: 'Редагувати',
  editOf: (text: string) => `Редагувати повідомлення: ${text}`,
  remove: 'Видалити',
  removeAsk: 'Видалити це повідомлення?',
  removeYes: 'Так, видалити',
  cancel: 'Скасувати',

  composer: 'Нове повідомлення',
  message: 'Повідомлення',
  editing: 'Редагування повідомлення',
  composerHint: 'Enter — надіслати, Shift+Enter — новий рядок.',
  editingHint: 'Enter — зберегти, Escape — скасувати.',
  send: 'Надіслати',
  save: 'Зберегти',
  cancelEdit: 'Скасувати редагування',
  attach: 'Додати файл',
  fileHint: 'Зображення, PDF, аудіо або документ, до 10 МБ.',
  attached: (name: string) => `Додано файл: ${name}`,
  unattach: (name: string) => `Прибрати файл ${name}`,
  tooLarge: (size: string) => `Файл завеликий (${size}): щонайбільше 10 МБ. Оберіть менший файл.`,
  uploadFailed: 'Не вдалося завантажити файл. Спробуйте ще раз.',
  needText: 'Напишіть повідомлення або додайте файл.',

  connecting: 'Підʼєднуємося до чату…',
  lost: 'Зʼєднання втрачено, відновлюємо…',
  closed: 'Зʼєднання з чатом закрито. Можливо, сеанс завершено на іншому пристрої.',
  reconnect: 'Підʼєднатися знову',
  newBelow: 'Нові повідомлення нижче',

  hidden: 'Приховано до рішення куратора',
  report: 'Поскаржитися',
  reportTitle: 'Скарга на повідомлення',
  reportReason: 'Причина',
  reportText: 'Коментар (необовʼязково)',
  reportSend: 'Надіслати скаргу',
  reportDone: 'Дякуємо! Скаргу надіслано, куратори її розглянуть.',
  reportHid: 'Учасники вже поскаржилися кілька разів, тож повідомлення приховано до рішення куратора.',
  reportClose: 'Закрити',
  pin: 'Закріпити',
  unpin: 'Відкріпити',
  pinned: 'Закріплено',
  mute: 'Обмежити',
  muteTitle: (name: string) => `Обмежити: ${name}`,
  muteFor: 'На скільки',
  muteReason: 'Причина (її побачить учасник)',
  muteSend: 'Обмежити',
  muteChoices: { 15: '15 хвилин', 60: '1 година', 1440: '1 день', 10080: '1 тиждень' } as Record<number, string>,
  muted: (until: string, reason: string) => `Ви не можете писати в цьому чаті до ${until}. Причина: ${reason}`,
  slowMode: 'Повільний режим',
  slowChoices: { 0: 'вимкнено', 10: '10 с', 30: '30 с', 60: '1 хв', 300: '5 хв' } as Record<number, string>,
  slowOn: (seconds: number) => `Повільний режим: одне повідомлення на ${seconds} с.`,
  slowWait: (seconds: number) => `Наступне повідомлення — через ${seconds} с.`,

  reports: {
    title: 'Скарги в чаті',
    lead: 'Повідомлення, на які поскаржилися учасники. «Залишити» знімає скарги, «Видалити» прибирає повідомлення.',
    empty: 'Відкритих скарг немає.',
    where: (course: string, wave: string) => `«${course}», хвиля ${wave}`,
    count: (n: number) => `Скарг: ${n}`,
    keep: 'Залишити',
    remove: 'Видалити',
    removeAsk: 'Видалити це повідомлення для всіх?',
    file: 'Файл',
  },
} as const;
