import {
  BASE_AMOUNT_SUPPORT,
  formatDate,
  formatDateTime,
  formatNumber,
  MAX_DONATION_UAH,
  MIN_DONATION_UAH,
  plural,
  formatUah as uah,
} from '@yedyni/contract';

/** The donor's comment, sent to the provider as `info` (docs/domain.md «Donations and subscriptions (LiqPay)»). */
export const DONATION_COMMENT_MAX = 30;
/** What every payment is, as the provider shows it (docs/domain.md «Donations and subscriptions (LiqPay)»). */
export const DONATION_DESCRIPTION = 'Безповоротна благодійна допомога на статутну діяльність';
/** The quick picks of the donation form, UAH. */
export const QUICK_AMOUNTS = [40, 120, 480, 960] as const;

/** A whole multiple of 40 from 40 to 100 000. */
export function isValidAmount(amount: number): boolean {
  return (
    Number.isInteger(amount) &&
    amount >= MIN_DONATION_UAH &&
    amount <= MAX_DONATION_UAH &&
    amount % BASE_AMOUNT_SUPPORT === 0
  );
}

/** The valid amount closest to what was typed (rounded to 40, within the limits). */
export function nearestAmount(amount: number): number {
  const rounded = Math.round(amount / BASE_AMOUNT_SUPPORT) * BASE_AMOUNT_SUPPORT;
  return Math.min(MAX_DONATION_UAH, Math.max(MIN_DONATION_UAH, rounded));
}

export const paymentTexts = {
  // Donation form
  title: 'Підтримати рух',
  lead: `Кожні ${uah(BASE_AMOUNT_SUPPORT)} — це місяць навчання української для однієї людини. Оплата карткою через LiqPay.`,
  kind: 'Як підтримати',
  monthly: 'Щомісяця',
  monthlyHint: 'Обрана сума списуватиметься щомісяця того ж дня. Скасувати можна будь-коли в розділі «Підписки».',
  once: 'Один раз',
  onceHint: 'Разовий внесок без підписки.',
  amount: 'Сума, ₴',
  amountHint: `Кратна ${uah(BASE_AMOUNT_SUPPORT)}: від ${uah(MIN_DONATION_UAH)} до ${uah(MAX_DONATION_UAH)}.`,
  quick: 'Швидкий вибір суми',
  amountEmpty: 'Вкажіть суму внеску.',
  amountWrong: (nearest: number) =>
    `Сума має бути кратною ${uah(BASE_AMOUNT_SUPPORT)} — від ${uah(MIN_DONATION_UAH)} до ${uah(MAX_DONATION_UAH)}. Найближча можлива сума — ${uah(nearest)}.`,
  nearestPick: (nearest: number) => `Обрати ${uah(nearest)}`,
  preview: 'Мій новий рівень стабільності підтримки',
  previewNow: (level: string) => `Зараз: ${level}`,
  previewUnknown: 'Рівень зʼявиться, щойно завантажаться ваші показники.',
  previewPerMonth: 'З першим внеском підписки.',
  comment: 'Коментар (необовʼязково)',
  commentCount: (used: number) => `${used} з ${DONATION_COMMENT_MAX} символів`,
  offerBefore: 'Я погоджуюся з умовами ',
  offerLink: 'публічної оферти',
  offerMissing: 'Щоб продовжити, погодьтеся з умовами публічної оферти.',
  offerTitle: 'Публічна оферта',
  close: 'Закрити',
  submit: 'Перейти до оплати',
  submitting: 'Переходимо до оплати…',
  summary: (amount: number, monthly: boolean) => `${uah(amount)}${monthly ? ' щомісяця' : ' один раз'}`,
  gratitudes: 'Подяки руху за підтримку',
  openbook: 'Відкритий звіт: куди йдуть внески',
  purpose: 'Призначення платежу',

  // Result of a payment
  checking: 'Перевіряємо оплату…',
  thanks: 'Дякуємо!',
  paid: (amount: number) => `Внесок ${uah(amount)} зараховано.`,
  subscribed: (amount: number) => `Підписку на ${uah(amount)} щомісяця оформлено — вона діє.`,
  subscribedNext: 'Наступний внесок спишеться через місяць того ж дня.',
  unsubscribedTitle: 'Підписку скасовано',
  unsubscribedText: 'Ця підписка вже не діє. Ви можете оформити нову будь-коли.',
  failedTitle: 'Оплату не завершено',
  failedText: 'Гроші не списано. Спробуйте ще раз — можна обрати іншу суму чи картку.',
  pendingTitle: 'Оплата ще обробляється',
  pendingText:
    'Платіжний сервіс ще не підтвердив оплату. Перевірте трохи згодом. Якщо ви відмовилися від оплати, просто спробуйте ще раз.',
  checkAgain: 'Перевірити ще раз',
  tryAgain: 'Спробувати ще раз',
  newLevel: 'Ваш рівень стабільності підтримки',
  toHistory: 'Мої внески',
  toSubscriptions: 'Мої підписки',
  toIndicators: 'Мої показники',
  donateMore: 'Зробити ще внесок',

  // History
  empty: 'За цей період записів немає.',
  emptyPayments: 'За цей період внесків немає.',
  emptySubscriptions: 'За цей період підписок немає.',
  emptyFootprint: 'За цей період балів не нараховано.',
  payments: 'Внески',
  paymentsLead: 'Усі успішні оплати: разові внески й щомісячні списання підписок.',
  subscriptions: 'Підписки',
  subscriptionsLead: 'Ваші щомісячні підписки. Змінити суму, призупинити чи скасувати підписку можна тут будь-коли.',
  footprint: 'Український слід',
  footprintLead: 'Бали «Українського сліду»: за реєстрацію, запрошених, внески, домашні завдання, щоденник і гру.',
  pages: 'Сторінки історії',
  kindOnce: 'Разовий внесок',
  kindMonthly: 'Щомісячний внесок',
  date: 'Дата',
  commentLabel: 'Коментар',
  perMonth: (amount: number) => `${uah(amount)} щомісяця`,
  active: 'діє',
  cancelled: 'скасовано',
  started: 'Початок',
  lastCharge: 'Останнє списання',
  nextCharge: 'Наступне списання',
  orderId: 'Номер замовлення',
  none: '—',
  cancel: 'Скасувати',
  cancelTitle: 'Скасувати підписку?',
  cancelText: (amount: number) =>
    `Підписка на ${uah(amount)} щомісяця. Наступних списань не буде; сплачені внески залишаться у вашій історії.`,
  cancelYes: 'Так, скасувати',
  cancelNo: 'Ні, залишити',
  charges: 'Списання',
  noCharges: 'Списань ще не було.',

  // A subscription's changes: amount, pause, resume (docs/domain.md «Changing, pausing and resuming a subscription»)
  paused: 'призупинено',
  resumed: 'відновлено',
  nextAmount: (date: string, amount: number) => `${date} · ${uah(amount)}`,
  pausedUntil: (date: string, amount: number) => `призупинено до ${date}, потім ${uah(amount)}`,
  pauseEnded: (date: string, amount: number) => `пауза скінчилася ${date}: відновіть, щоб далі давати ${uah(amount)}`,
  resumesNote: 'Відновлена після паузи підписка.',
  resumedNote: 'Підписку відновлено після паузи — нова підписка вище в списку.',
  history: 'Списання і зміни',
  changes: 'Зміни підписки',
  changeAmount: 'Змінити суму',
  changeTitle: 'Змінити суму підписки',
  changeLead: (amount: number) =>
    `Зараз ${uah(amount)} щомісяця. Нова сума спишеться з наступного списання; день списання не зміниться.`,
  changeSave: 'Змінити суму',
  changeSaving: 'Змінюємо…',
  pause: 'Призупинити',
  pauseTitle: 'Призупинити підписку?',
  pauseMonths: 'На скільки',
  pauseMonth: (months: number) => `${months} ${months === 1 ? 'місяць' : 'місяці'}`,
  pauseText: (date: string) =>
    `Ми скасуємо щомісячні списання в LiqPay. ${date} нагадаємо відновити: відновлення відкриє оплату тієї ж суми, і картку треба буде підтвердити ще раз. Ваш рівень подяк за час паузи зберігається.`,
  pauseYes: 'Так, призупинити',
  keep: 'Ні, залишити',
  resume: 'Відновити',
  resumeTitle: 'Відновити підписку?',
  resumeText: (amount: number) =>
    `Відкриємо оплату ${uah(amount)} щомісяця в LiqPay. Після підтвердження картки перший внесок спишеться одразу, далі — щомісяця того ж дня.`,
  resumeYes: 'Перейти до оплати',
  resuming: 'Переходимо до оплати…',
  eventAmount: (from: number, to: number) => `Сума: ${uah(from)} → ${uah(to)}`,
  eventPaused: (date: string) => `Призупинено до ${date}`,
  eventResumed: 'Відновлено новою підпискою',
  eventCancelled: 'Скасовано',
  points: (points: number) => `${points > 0 ? '+' : ''}${formatNumber(points)}`,
  total: (value: number) => `Разом: ${formatNumber(value)}`,
  when: formatDateTime,
  day: formatDate,

  // A failed charge and its one-click restart (/uk/donat/restart/:orderId)
  restartPreparing: 'Готуємо відновлення підписки…',
  restartTitle: 'Відновлюємо підписку',
  restartAmount: (amount: number) => `${uah(amount)} щомісяця`,
  restartLead: 'Сума й коментар ті самі. Переходимо до LiqPay — там залишиться лише підтвердити оплату.',
  restartGo: 'Перейти до оплати',
  restartFailedTitle: 'Не вдалося відновити підписку',
  restartNew: 'Оформити нову підтримку',
  chargeRetrying: (failedAt: number, until: number) =>
    `Списання ${formatDateTime(failedAt)} не вдалося. LiqPay спробує ще раз до ${formatDateTime(until)}; нову підписку оформлювати не потрібно.`,
  chargeEnded: 'Підписку зупинено: внесок не вдалося списати.',
  restart: 'Відновити підписку',
} as const;

/** The public offer, short and plain (docs/domain.md «Donations and subscriptions (LiqPay)»: agreement is required and recorded with the order). */
export const OFFER_TEXT = [
  `Ця оферта — пропозиція руху «Єдині» укласти договір про безповоротну благодійну допомогу на статутну діяльність руху (навчання української мови).`,
  'Натиснувши «Перейти до оплати», ви приймаєте оферту і добровільно передаєте обрану суму. Кошти спрямовуються на курси, розмовні клуби та інші програми руху.',
  'Щомісячна підписка списує обрану суму щомісяця того ж дня, доки ви її не скасуєте в розділі «Програма підтримки» → «Історія» → «Підписки». Скасування діє від наступного списання.',
  'Оплата проходить через платіжний сервіс LiqPay; дані вашої картки ми не отримуємо і не зберігаємо. Благодійна допомога поверненню не підлягає, крім випадків помилкового списання — тоді напишіть нам.',
] as const;

/** A donor's documents beside the history: a payment's receipt and «Довідка за рік» (issue 22). */
export const documentTexts = {
  receipt: 'Квитанція',
  receiptLabel: (amount: number, when: string) => `Квитанція про внесок ${uah(amount)} від ${when} (PDF)`,
  receiptLoading: 'Завантажуємо…',
  statement: 'Довідка за рік',
  statementLead:
    'Усі ваші внески за календарний рік (за київським часом) із загальною сумою — для податкової знижки на благодійні внески.',
  year: 'Рік',
  yearOption: (year: number, complete: boolean) => `${year}${complete ? '' : ' (рік триває)'}`,
  yearSummary: (count: number, total: number) =>
    `${plural(count, 'внесок', 'внески', 'внесків')} на суму ${uah(total)}`,
  incomplete: (year: number) =>
    `${year} рік ще триває: довідка буде станом на сьогодні. Повну довідку можна завантажити з 1 січня наступного року.`,
  download: 'Завантажити довідку (PDF)',
  downloading: 'Завантажуємо…',
} as const;
