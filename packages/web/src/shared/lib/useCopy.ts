import { useCallback, useState } from 'react';

/**
 * Copies text to the clipboard and says how it went, for a `role="status"` beside the button. The
 * clipboard is missing outside a secure context or refused by the browser: then the failure text
 * asks to copy by hand.
 */
export function useCopy(texts: { done: string; failed: string }) {
  const [status, setStatus] = useState('');
  const { done, failed } = texts;
  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        setStatus(done);
      } catch {
        setStatus(failed);
      }
    },
    [done, failed],
  );
  return { copy, status };
}
