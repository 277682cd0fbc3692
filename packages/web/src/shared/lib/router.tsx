// react-router as the app uses it: everything of the library, with `Link` built on its public
// hooks (useHref, useLinkClickHandler) and `NavLink` on those too, in ./navLink (a module of its
// own, so the first screen, which has no navigation bar, does not carry it). The library's
// own two components carry framework-mode machinery (route discovery, prefetch links, data-router
// navigation state) that a declarative <BrowserRouter> app never runs, and since react-router is
// one module, that code sat in the first screen's chunk. The build and the tests resolve every
// `import … from 'react-router'` in the app to this module (vite.config.ts, vitest.config.ts).

import { type MouseEvent, type Ref, useContext } from 'react';
import {
  type LinkProps,
  UNSAFE_NavigationContext as NavigationContext,
  useHref,
  useLinkClickHandler,
} from 'react-router';

export * from 'react-router';

/** A scheme (`https:`, `mailto:`) or a protocol-relative `//host`: not a route of the app. */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

type AnchorProps = LinkProps & { ref?: Ref<HTMLAnchorElement> };

/**
 * An <a> that navigates inside the app without reloading: react-router's Link in declarative mode.
 * `prefetch` and `discover` belong to framework mode and do nothing here; a `mask` is shown by the
 * navigation, while href stays the real target. Absolute URLs are left to the browser.
 */
export function Link({
  to,
  replace,
  mask,
  state,
  target,
  preventScrollReset,
  relative,
  viewTransition,
  defaultShouldRevalidate,
  reloadDocument,
  onClick,
  discover: _discover,
  prefetch: _prefetch,
  ...rest
}: AnchorProps) {
  const { useTransitions } = useContext(NavigationContext);
  const href = useHref(to, { relative });
  const external = typeof to === 'string' && ABSOLUTE_URL.test(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, {
    replace,
    mask,
    state,
    target,
    preventScrollReset,
    relative,
    viewTransition,
    defaultShouldRevalidate,
    useTransitions,
  });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented && !reloadDocument && !external) navigate(event);
  };
  return <a {...rest} href={external ? (to as string) : href} target={target} onClick={handleClick} />;
}
