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
