import { normalizeApostrophes } from '@yedyni/contract';

/**
 * What the admin console's user search matches against: names and email, folded to lower case,
 * with every apostrophe as U+02BC (names are stored so; the query is folded the same way).
 */
export function userSearchText(user: { first_name: string; last_name: string; email: string }): string {
  return normalizeApostrophes(`${user.first_name} ${user.last_name} ${user.email}`.toLocaleLowerCase('uk'));
}

/**
 * A LIKE pattern for `text` anywhere, folded as userSearchText folds, with LIKE's own wildcards
 * taken literally (escape `\`).
 */
export function containsPattern(text: string): string {
  return `%${normalizeApostrophes(text.toLocaleLowerCase('uk')).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
