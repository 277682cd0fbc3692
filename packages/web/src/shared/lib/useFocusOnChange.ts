import { useEffect, useRef } from 'react';

/**
 * A ref for a screen's heading that takes the focus whenever `key` changes after the first render
 * (another screen in place of the last one), as a navigation would. `tabIndex={-1}` on the heading.
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const target = useRef<T>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when `key` changes.
  useEffect(() => {
    if (first.current) first.current = false;
    else target.current?.focus();
  }, [key]);
  return target;
}
