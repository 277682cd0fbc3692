import type { Checkout } from '@yedyni/contract';
import { type ReactNode, useEffect, useRef } from 'react';

interface CheckoutFormProps {
  checkout: Pick<Checkout, 'checkoutUrl' | 'data' | 'signature'>;
  /**
   * What the page shows while it leaves, with a submit button for when the automatic post is held
   * up (the restart screen); without it the form is hidden.
   */
  children?: ReactNode;
  className?: string;
}

/**
 * The signed form, posted to the provider's checkout as a real form POST as soon as it is
 * rendered: the page navigates away (a new donation, a resumed or restarted subscription).
 */
export function CheckoutForm({ checkout, children, className }: CheckoutFormProps) {
  const form = useRef<HTMLFormElement>(null);
  // Once: a second POST of the same form (Strict Mode runs a mount's effects twice) is a second checkout.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    form.current?.submit();
  }, []);
  return (
    <form ref={form} method="post" action={checkout.checkoutUrl} hidden={!children} className={className}>
      {children}
      <input type="hidden" name="data" value={checkout.data} />
      <input type="hidden" name="signature" value={checkout.signature} />
    </form>
  );
}
