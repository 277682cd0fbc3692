/** A multipart body: the text fields, and `file` when one is chosen (the server takes it as optional). */
export function formData(fields: Record<string, string>, file?: File | null): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append('file', file, file.name);
  return body;
}
