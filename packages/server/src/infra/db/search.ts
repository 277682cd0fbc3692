/** What the admin console's user search matches against: names and email, folded to lower case. */
export function userSearchText(user: { first_name: string; last_name: string; email: string }): string {
  return `${user.first_name} ${user.last_name} ${user.email}`.toLocaleLowerCase('uk');
}

/** A LIKE pattern for `text` anywhere, with LIKE's own wildcards taken literally (escape `\`). */
export function containsPattern(text: string): string {
  return `%${text.toLocaleLowerCase('uk').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
