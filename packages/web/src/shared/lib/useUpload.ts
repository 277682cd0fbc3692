import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadOptions } from '../api';

/** The upload in flight: its file's name and how many of its bytes have left (total 0: not known yet). */
export interface UploadState {
  name: string;
  loaded: number;
  total: number;
}

/**
 * One upload at a time with its progress and a way to cancel it, for a form that sends a file
 * (`shared/api` › upload does the sending). Leaving the screen cancels what is still going: nothing
 * is handed in behind the user's back.
 */
export function useUpload() {
  const [progress, setProgress] = useState<UploadState | null>(null);
  const controller = useRef<AbortController | null>(null);
  /** The uploads the person stopped with «Скасувати» (leaving the screen aborts too, but is not that). */
  const stopped = useRef(new WeakSet<AbortController>());

  useEffect(() => () => controller.current?.abort(), []);

  /**
   * Runs `send` with the options to give `upload`; resolves with its value, or with undefined when
   * the user cancelled (a failure otherwise rejects as it came).
   */
  const run = useCallback(async <T>(name: string, send: (options: UploadOptions) => Promise<T>) => {
    const own = new AbortController();
    controller.current = own;
    setProgress({ name, loaded: 0, total: 0 });
    const onProgress: UploadOptions['onProgress'] = ({ loaded, total }) => {
      if (controller.current === own) setProgress({ name, loaded, total });
    };
    try {
      const value = await send({ signal: own.signal, onProgress });
      // Cancelling is offered only while the request is going, so a stopped one never finished.
      // A success that unmounted the form (the answer shown instead) aborts a finished request:
      // that is still a success, and the caller must hear it (to forget the draft, for one).
      return stopped.current.has(own) ? undefined : value;
    } catch (error) {
      if (own.signal.aborted) return undefined;
      throw error;
    } finally {
      if (controller.current === own) {
        controller.current = null;
        setProgress(null);
      }
    }
  }, []);

  const cancel = useCallback(() => {
    const current = controller.current;
    if (!current) return;
    stopped.current.add(current);
    current.abort();
  }, []);

  return { progress, run, cancel };
}
