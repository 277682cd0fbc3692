import { type SMTPServer as Server, SMTPServer } from 'smtp-server';
import { decodeQuotedPrintable } from './app.js';

export interface ReceivedMail {
  to: string[];
  /** The sender's EHLO name (`?name=` of its SMTP_URL): which instance sent it. */
  client: string;
  raw: string;
  /** Header lines, unfolded, by lower-case name (the first of each). */
  headers: Map<string, string>;
  /** The decoded text/plain and text/html parts. */
  text: string;
  html: string;
}

/**
 * A real SMTP listener on 127.0.0.1 receiving what the server sends. `holdNext` keeps the DATA of
 * the next message that matches unanswered until `release` (a sender killed meanwhile never gets
 * its 250, so the message counts as not delivered); it resolves with that message when it arrives.
 */
export async function startSmtp(): Promise<{
  url: string;
  mails: ReceivedMail[];
  holdNext(matches: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  release(): void;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  let holding: ((mail: ReceivedMail) => boolean) | undefined;
  let onHeld = (_mail: ReceivedMail) => {};
  let release = () => {};
  const server: Server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = parseMail(
          raw,
          session.envelope.rcptTo.map((r) => r.address),
          session.hostNameAppearsAs,
        );
        if (holding?.(mail)) {
          holding = undefined;
          release = () => callback(new Error('released without accepting'));
          onHeld(mail);
          return;
        }
        mails.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    holdNext(matches) {
      holding = matches;
      return new Promise<ReceivedMail>((resolve) => {
        onHeld = resolve;
      });
    },
    release: () => release(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseMail(raw: string, to: string[], client: string): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    if (colon > 0 && !headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  const body = rest.join('\n\n');
  return { to, client, raw, headers, text: part(body, 'text/plain'), html: part(body, 'text/html') };
}

/** A part of a multipart body by its type, decoded (quoted-printable or base64). */
function part(body: string, type: string): string {
  const sections = body.split(/\r?\n--[^\r\n]+/);
  for (const section of sections) {
    const [head = '', ...content] = section.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    if (!head.toLowerCase().includes(`content-type: ${type}`)) continue;
    const text = content.join('\n\n');
    if (/content-transfer-encoding: base64/i.test(head)) return Buffer.from(text, 'base64').toString('utf8');
    if (/content-transfer-encoding: quoted-printable/i.test(head)) return decodeQuotedPrintable(text);
    return text;
  }
  return '';
}
