/**
 * A multipart body: the text fields, and `file` when one is chosen (the server takes it as
 * optional). A list travels as its items by commas ('' for none: mistake tags); an undefined
 * field is left out (an edit without tags keeps them).
 */
export function formData(fields: Record<string, string | readonly string[] | undefined>, file?: File | null): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, String(value));
  if (file) body.append('file', file, file.name);
  return body;
}
