import { ApiError, answerOf, authHeaders, NETWORK_ERROR } from './client';

// Apart from client.ts: /login sends no file, and its bundle (85 KB) carries the client only.

/** How far an upload's bytes have gone. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** Called as the bytes leave (not as the server stores them). */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting it cancels the upload: the promise rejects with UploadCancelled. */
  signal?: AbortSignal;
}

export const UPLOAD_CANCELLED = 'Надсилання скасовано.';

/** An upload the user cancelled: not a failure to report. */
export class UploadCancelled extends ApiError {
  constructor() {
    super(UPLOAD_CANCELLED, 0);
    this.name = 'UploadCancelled';
  }
}

export const isCancelled = (error: unknown): boolean => error instanceof UploadCancelled;

/**
 * A multipart form to `/api${path}`, as `request` sends JSON (token, `{message}` errors), but over
 * XMLHttpRequest: fetch reports no upload progress and a 10 MiB file on a slow link takes minutes.
 */
export function upload<T>(method: string, path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}`);
    // The browser sets multipart's Content-Type with its boundary.
    for (const [name, value] of Object.entries(authHeaders('application/json'))) xhr.setRequestHeader(name, value);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      });
    }
    xhr.addEventListener('load', () =>
      settle(() => {
        try {
          resolve(answerOf<T>(xhr.status, xhr.responseText));
        } catch (error) {
          reject(error);
        }
      }),
    );
    xhr.addEventListener('abort', () => settle(() => reject(new UploadCancelled())));
    xhr.addEventListener('error', () => settle(() => reject(new ApiError(NETWORK_ERROR, 0))));
    xhr.addEventListener('timeout', () => settle(() => reject(new ApiError(NETWORK_ERROR, 0))));
    xhr.send(form);
  });
}
