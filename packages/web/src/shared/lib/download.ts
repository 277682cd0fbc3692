import { useCallback, useState } from 'react';
import { useStore } from 'react-redux';

/*
 * Downloads the API sends as files (a course's zip, the payments CSV) need the Bearer header, so a
 * plain link will not do: the file is fetched as a blob with the token and saved through an object
 * URL. The token is read from the store at the moment of the click (`state.auth.token`, the one
 * place the app keeps it), so this module needs nothing from the first screen's code.
 */

/** The part of the app's state this module reads. */
interface WithToken {
  auth?: { token?: string | null };
}

/** The file name of a `Content-Disposition: attachment; filename="…"` (or filename*=UTF-8''…) header. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // a broken encoding: the plain name, if any, below
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/** Hands a blob to the browser as a file download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A failed download: `message` is the Ukrainian text to show. */
export class DownloadError extends Error {}

// The client's NETWORK_ERROR, repeated: importing it would add an export to the first screen's chunk.
const NO_CONNECTION = 'Немає звʼязку з сервером. Перевірте інтернет і спробуйте ще раз.';

/**
 * GETs `/api<path>` with the token as a blob and saves it (the server's file name, else `fallbackName`).
 * Rejects with a DownloadError carrying the server's Ukrainian message.
 */
export async function downloadFile(path: string, fallbackName: string, token: string | null): Promise<void> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(`/api${path}`, { method: 'GET', headers });
    blob = await response.blob();
  } catch {
    throw new DownloadError(NO_CONNECTION);
  }
  if (!response.ok) {
    let message = '';
    try {
      const data = JSON.parse(await blob.text()) as { message?: unknown };
      if (typeof data.message === 'string') message = data.message;
    } catch {
      // not JSON: the generic message below
    }
    throw new DownloadError(
      message || `Не вдалося завантажити файл (код ${response.status}). Спробуйте ще раз трохи згодом.`,
    );
  }
  saveBlob(blob, fileNameOf(response.headers.get('Content-Disposition'), fallbackName));
}

export interface Download {
  /** Fetches and saves the file at `/api<path>`; failures end up in `error`, not thrown. */
  download: (path: string, fallbackName: string) => Promise<boolean>;
  /** True while a file is being fetched (disable the button). */
  busy: boolean;
  /** The Ukrainian message of the last failure, '' otherwise (show it in an Alert). */
  error: string;
}

/** A download button's state: `const { download, busy, error } = useDownload();`. */
export function useDownload(): Download {
  const store = useStore<WithToken>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const download = useCallback(
    async (path: string, fallbackName: string) => {
      setBusy(true);
      setError('');
      try {
        await downloadFile(path, fallbackName, store.getState().auth?.token ?? null);
        return true;
      } catch (failure) {
        setError(failure instanceof DownloadError ? failure.message : 'Не вдалося завантажити файл.');
        return false;
      } finally {
        setBusy(false);
      }
    },
    [store],
  );
  return { download, busy, error };
}
