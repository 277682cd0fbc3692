// One number style for every screen, e-mail and page the server makes (issue 18, item 9): the
// Ukrainian decimal comma and a no-break space between thousands, «2 800,00 ₴». Written by hand,
// not with Intl, so the server's texts and the browser's are the same whatever ICU each carries.
// The payments CSV is the one exception: it keeps a machine-friendly point (docs/domain.md).

const NO_BREAK_SPACE = '\u00a0';

/**
 * «2 800», «1 234,5», «3,00»: at least `minDigits` and at most `maxDigits` after the comma
 * (trailing zeros beyond `minDigits` dropped), thousands apart by a no-break space.
 */
export function formatNumber(value: number, minDigits = 0, maxDigits = minDigits): string {
  const fixed = Math.abs(value).toFixed(Math.max(minDigits, maxDigits));
  const [whole = '0', fraction = ''] = fixed.split('.');
  let digits = fraction;
  while (digits.length > minDigits && digits.endsWith('0')) digits = digits.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NO_BREAK_SPACE);
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${digits ? `,${digits}` : ''}`;
}

/** Money in hryvnias: «2 800,00 ₴», always with kopecks, a no-break space before the sign. */
export function formatUah(amount: number): string {
  return `${formatNumber(amount, 2)}${NO_BREAK_SPACE}₴`;
}

let pluralRules: Intl.PluralRules | undefined;

/** A number with its word in the right Ukrainian form: «1 день», «2 дні», «5 днів», «1,5 дня». */
export function plural(n: number, one: string, few: string, many: string, other = few): string {
  // Made on first use, so a bundle that never needs it does not build it on load.
  pluralRules ??= new Intl.PluralRules('uk-UA');
  const form = pluralRules.select(n);
  const word = form === 'one' ? one : form === 'few' ? few : form === 'many' ? many : other;
  return `${formatNumber(n, 0, 2)} ${word}`;
}
