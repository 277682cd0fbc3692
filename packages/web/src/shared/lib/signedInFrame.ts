import { createContext } from 'react';

/**
 * What the signed-in frame (app/layouts/AppLayout) gives the screens in it: `signOut` ends this
 * session here the way the header's «Вийти» does (the token, the personal data, the worker's
 * caches, then /login). A screen that ends this session calls it. Its own module, kept off the
 * entry chunk (/login's budget): only the frame and such screens import it.
 */
export interface SignedInFrame {
  signOut(): Promise<void>;
}

export const SignedInFrameContext = createContext<SignedInFrame | null>(null);
