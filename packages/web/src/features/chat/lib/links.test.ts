import { describe, expect, it } from 'vitest';
import { splitLinks } from './links';

describe('splitLinks', () => {
  it('keeps text without links as one text part', () => {
    expect(splitLinks('Привіт, хвиле!')).toEqual([{ kind: 'text', text: 'Привіт, хвиле!' }]);
  });

  it('splits out http and https links, leaving the sentence’s punctuation outside', () => {
    expect(splitLinks('Дивіться https://mova.gov.ua/pravopys. І http://example.org/a?b=1&c=2, так?')).toEqual([
      { kind: 'text', text: 'Дивіться ' },
      { kind: 'link', text: 'https://mova.gov.ua/pravopys', href: 'https://mova.gov.ua/pravopys' },
      { kind: 'text', text: '. І ' },
      { kind: 'link', text: 'http://example.org/a?b=1&c=2', href: 'http://example.org/a?b=1&c=2' },
      { kind: 'text', text: ', так?' },
    ]);
  });

  it('keeps a bracket the link opened, drops one the sentence opened', () => {
    expect(splitLinks('(див. https://uk.wikipedia.org/wiki/Мова_(значення))')).toEqual([
      { kind: 'text', text: '(див. ' },
      {
        kind: 'link',
        text: 'https://uk.wikipedia.org/wiki/Мова_(значення)',
        href: 'https://uk.wikipedia.org/wiki/%D0%9C%D0%BE%D0%B2%D0%B0_(%D0%B7%D0%BD%D0%B0%D1%87%D0%B5%D0%BD%D0%BD%D1%8F)',
      },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never links other schemes or markup', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '<a href="javascript:alert(1)">x</a>',
      'ftp://example.org',
      'http://',
    ]) {
      expect(
        splitLinks(text).every((part) => part.kind === 'text'),
        text,
      ).toBe(true);
      expect(
        splitLinks(text)
          .map((p) => p.text)
          .join(''),
      ).toBe(text);
    }
  });

  it('stops a link at quotes and angle brackets', () => {
    expect(splitLinks('<img src="https://x.org/a.png" onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src="' },
      { kind: 'link', text: 'https://x.org/a.png', href: 'https://x.org/a.png' },
      { kind: 'text', text: '" onerror=alert(1)>' },
    ]);
  });
});
