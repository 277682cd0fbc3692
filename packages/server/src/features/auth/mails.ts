import type { MailMessage } from '../../infra/mail.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function resetPasswordMail(to: string, firstName: string, link: string): MailMessage {
  const text = [
    `Вітаємо, ${firstName}!`,
    '',
    'Ви (або хтось інший) попросили змінити пароль до кабінету «Єдині».',
    'Щоб задати новий пароль, відкрийте посилання (воно діє одну годину і лише один раз):',
    link,
    '',
    'Якщо ви не просили змінити пароль, просто проігноруйте цей лист — ваш пароль лишиться тим самим.',
    '',
    'Команда «Єдині»',
  ].join('\n');
  const html = `<!doctype html><html lang="uk"><body style="font-family:sans-serif;line-height:1.5">
<p>Вітаємо, ${escapeHtml(firstName)}!</p>
<p>Ви (або хтось інший) попросили змінити пароль до кабінету «Єдині».</p>
<p><a href="${escapeHtml(link)}">Задати новий пароль</a> — посилання діє одну годину і лише один раз.</p>
<p>Якщо ви не просили змінити пароль, просто проігноруйте цей лист.</p>
<p>Команда «Єдині»</p></body></html>`;
  return { to, subject: 'Зміна пароля в «Єдині»', text, html };
}

/** A mail of the account's own: paragraphs, and a link as a button when there is one. */
function accountMail(
  to: string,
  subject: string,
  firstName: string,
  paragraphs: string[],
  action?: { label: string; link: string },
): MailMessage {
  const text = [
    `Вітаємо, ${firstName}!`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.link}`, ''] : []),
    'Команда «Єдині»',
  ].join('\n');
  const button = action ? `<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.label)}</a></p>\n` : '';
  const html = `<!doctype html><html lang="uk"><body style="font-family:sans-serif;line-height:1.5">
<p>Вітаємо, ${escapeHtml(firstName)}!</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}<p>Команда «Єдині»</p></body></html>`;
  return { to, subject, text, html };
}

/** The link that confirms the address given at registration. */
export function verifyEmailMail(to: string, firstName: string, link: string): MailMessage {
  return accountMail(
    to,
    'Підтвердіть адресу в «Єдині»',
    firstName,
    [
      'Дякуємо за реєстрацію в «Єдині»! Підтвердіть, будь ласка, що ця адреса ваша.',
      'Посилання діє добу і лише один раз. Якщо ви не реєструвалися, просто проігноруйте цей лист.',
    ],
    { label: 'Підтвердити адресу', link },
  );
}

/** The link, sent to the new address, that makes it the account's address. */
export function changeEmailMail(to: string, firstName: string, link: string): MailMessage {
  return accountMail(
    to,
    'Підтвердіть нову адресу в «Єдині»',
    firstName,
    [
      'Ви попросили зробити цю адресу адресою свого кабінету «Єдині».',
      'Адреса зміниться, щойно ви відкриєте посилання. Воно діє добу і лише один раз. Якщо це були не ви, проігноруйте цей лист.',
    ],
    { label: 'Підтвердити нову адресу', link },
  );
}

/** «n…@example.org»: enough for the owner to recognise, little for anyone who reads the old mailbox. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}…${email.slice(at)}`;
}

/** Told to the old address: when a change is asked for, and when it lands. */
export function emailChangeNotice(
  to: string,
  firstName: string,
  newEmail: string,
  stage: 'asked' | 'done',
): MailMessage {
  const masked = maskEmail(newEmail);
  const paragraphs =
    stage === 'asked'
      ? [
          `Хтось, хто знає ваш пароль, попросив змінити адресу кабінету «Єдині» на ${masked}.`,
          'Адреса зміниться, лише коли відкриють посилання, надіслане на нову адресу.',
          'Якщо це були не ви, одразу змініть пароль («Забули пароль?» на сторінці входу): новий пароль скасовує цей запит.',
        ]
      : [
          `Адресу вашого кабінету «Єдині» змінено на ${masked}. Листи тепер ітимуть туди.`,
          'Якщо це були не ви, негайно відповідайте на цей лист: ми допоможемо повернути кабінет.',
        ];
  return accountMail(
    to,
    stage === 'asked' ? 'Запит на зміну адреси в «Єдині»' : 'Адресу в «Єдині» змінено',
    firstName,
    paragraphs,
  );
}
