/** A trimmed text value of a form field (passwords are taken as typed). */
export function field(form: FormData, name: string, trim = true): string {
  const value = form.get(name);
  const text = typeof value === 'string' ? value : '';
  return trim ? text.trim() : text;
}
