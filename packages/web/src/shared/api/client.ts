/** The one HTTP client of the web app: relative `/api/...`, JSON or multipart uploads, Bearer token, `{message}` errors. */

export const NETWORK_ERROR = 'Немає звʼязку з сервером. Перевірте інтернет і спробуйте ще раз.';

/**
 * A failed call: `message` is the text to show the user, `status` the HTTP status (0: no answer),
 * `fields` each wrong field of a refused body (its key → its message), when the server named them.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fields?: Readonly<Record<string, string>>;
  constructor(message: string, status: number, fields?: Readonly<Record<string, string>>) {
    super(message);
    this.status = status;
    this.fields = fields;
  }
}

let tokenSource: () => string | null = () => null;

/** The app tells the client where the current token lives (the store). */
export function setTokenSource(source: () => string | null): void {
  tokenSource = source;
}

/** The headers of every call: what it accepts, and the Bearer token when there is one. */
export function authHeaders(accept: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept };
  const token = tokenSource();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** An answer's JSON body, or the ApiError its failure means (the server's message when it gave one). */
export function answerOf<T>(status: number, text: string): T {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (status < 200 || status >= 300) {
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiError(
      typeof message === 'string' && message
        ? message
        : `Сервер не зміг виконати запит (код ${status}). Спробуйте ще раз трохи згодом.`,
      status,
      (data as { fields?: Record<string, string> } | undefined)?.fields,
    );
  }
  return data as T;
}

/**
 * One JSON call with the Bearer token. `path` is under `/api`, unless `asText`: then it is a URL the API
 * gave (a lesson's content) and the answer is returned as text. Failures reject with an ApiError.
 * Files go with `upload` (./upload.ts), which reports progress and can be cancelled.
 */
export async function request<T>(method: string, path: string, body?: unknown, asText = false): Promise<T> {
  const headers = authHeaders(asText ? 'text/html' : 'application/json');
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  let text: string;
  try {
    response = await fetch(asText ? path : `/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    text = await response.text();
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (asText && response.ok) return text as T;
  return answerOf<T>(response.status, text);
}

/** GET of a document the API links to (a lesson's content URL), as text. */
export const getText = (url: string) => request<string>('GET', url, undefined, true);

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** The user-facing text of any failure. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Щось пішло не так. Спробуйте ще раз.';
}

/** The HTTP status of a failure, 0 when the server did not answer. */
export function errorStatus(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}
