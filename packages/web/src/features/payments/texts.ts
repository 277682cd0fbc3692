import {
  BASE_AMOUNT_SUPPORT,
  formatDate,
  formatDateTime,
  formatNumber,
  MAX_DONATION_UAH,
  MIN_DONATION_UAH,
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
  subscriptionsLead: 'Ваші щомісячні підписки. Скасувати підписку можна тут будь-коли.',
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
  points: (points: number) => `${points > 0 ? '+' : ''}${formatNumber(points)}`,
  total: (value: number) => `Разом: ${formatNumber(value)}`,
  when: formatDateTime,
  day: formatDate,
} as const;

/** The public offer, short and plain (docs/domain.md «Donations and subscriptions (LiqPay)»: agreement is required and recorded with the order). */
export const OFFER_TEXT = [
  `Ця оферта — пропозиція руху «Єдині» укласти договір про безповоротну благодійну допомогу на статутну діяльність руху (навчання української мови).`,
  'Натиснувши «Перейти до оплати», ви приймаєте оферту і добровільно передаєте обрану суму. Кошти спрямовуються на курси, розмовні клуби та інші програми руху.',
  'Щомісячна підписка списує обрану суму щомісяця того ж дня, доки ви її не скасуєте в розділі «Програма підтримки» → «Історія» → «Підписки». Скасування діє від наступного списання.',
  'Оплата проходить через платіжний сервіс LiqPay; дані вашої картки ми не отримуємо і не зберігаємо. Благодійна допомога поверненню не підлягає, крім випадків помилкового списання — тоді напишіть нам.',
] as const;
