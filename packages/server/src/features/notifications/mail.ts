import { NOTIFICATION_CATEGORY_TITLES, type NotificationCategory } from '@yedyni/contract';

/** What an event mails: the body as lines of text; the frame (greeting, button, footer) is added at sending. */
export interface EmailContent {
  subject: string;
  /** Paragraphs of plain text (no HTML): the HTML part escapes them. */
  paragraphs: string[];
  /** The button's label; it opens the notification's link. */
  action?: string;
  /**
   * Files the mail carries, made when it is sent by the source registered for their kind
   * (NotificationService.addAttachmentSource): only the reference is kept with the notification.
   */
  attachments?: AttachmentRef[];
}

/** A file to attach: its kind (whose source makes it) and what it is made from (`payment-receipt`, a payment id). */
export interface AttachmentRef {
  kind: string;
  id: string;
}

/** A made attachment, as infra/mail.ts sends it. */
export interface MadeAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Makes one kind of attachment for the mail's recipient; null: there is nothing to attach any more. */
export type AttachmentSource = (userId: string, id: string) => Promise<MadeAttachment | null>;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A mail in Ukrainian with a plain-text part and simple HTML (inline styles, one column, large
 * type and a full-width button, readable on a phone), ending with why it came and how to stop it.
 */
export function renderMail(options: {
  firstName: string;
  content: EmailContent;
  category: NotificationCategory;
  link: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}): { subject: string; text: string; html: string } {
  const { firstName, content, category, link, unsubscribeUrl, settingsUrl } = options;
  const why = `Ви отримали цей лист, бо увімкнули пошту для «${NOTIFICATION_CATEGORY_TITLES[category]}».`;
  const stop =
    category === 'account'
      ? 'Листи про безпеку акаунта приходять завжди.'
      : `Відписатися від цих листів: ${unsubscribeUrl}`;
  const text = [
    `Вітаємо, ${firstName}!`,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    `${content.action ?? 'Відкрити'}: ${link}`,
    '',
    'Команда «Єдині»',
    '',
    '—',
    why,
    stop,
    `Налаштування сповіщень: ${settingsUrl}`,
  ].join('\n');
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const footerStop =
    category === 'account'
      ? 'Листи про безпеку акаунта приходять завжди.'
      : `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#555">Відписатися від цих листів</a>`;
  const html = `<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ea">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:17px;line-height:1.5;color:#1f2a37">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#0057b7">Єдині</p>
<p style="margin:0 0 16px">Вітаємо, ${escapeHtml(firstName)}!</p>
${content.paragraphs.map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:block;padding:14px 16px;background:#0057b7;color:#ffffff;text-align:center;text-decoration:none;border-radius:8px;font-weight:bold">${escapeHtml(content.action ?? 'Відкрити')}</a></p>
<p style="margin:0 0 16px">Команда «Єдині»</p>
<hr style="border:none;border-top:1px solid #d8d2c4;margin:24px 0 12px">
<p style="margin:0;font-size:14px;color:#555">${escapeHtml(why)}<br>${footerStop} · <a href="${escapeHtml(settingsUrl)}" style="color:#555">Налаштування сповіщень</a></p>
</div></body></html>`;
  return { subject: content.subject, text, html };
}
