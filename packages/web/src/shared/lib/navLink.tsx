// The app's NavLink (shared/lib/router.tsx re-exports it): a module of its own, so the first
// screen's chunk, which has no navigation bar, does not carry it.

import { type Ref, useContext } from 'react';
import {
  Link,
  UNSAFE_NavigationContext as NavigationContext,
  type NavLinkProps,
  type NavLinkRenderProps,
  type To,
  useLocation,
  useResolvedPath,
} from './router';

/** The pathname a link points at, encoded as location.pathname is. */
function useTargetPathname(to: To, relative: NavLinkProps['relative']): string {
  const path = useResolvedPath(to, { relative });
  const { navigator } = useContext(NavigationContext);
  return navigator.encodeLocation ? navigator.encodeLocation(path).pathname : path.pathname;
}

/**
 * A Link that knows whether it is the current page: `aria-current="page"` and the class `active`
 * then, matched as react-router's NavLink matches (`end`, `caseSensitive`).
 */
export function NavLink({
  'aria-current': ariaCurrentProp = 'page',
  caseSensitive = false,
  className: classNameProp = '',
  end = false,
  style: styleProp,
  children,
  ...rest
}: NavLinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  let toPathname = useTargetPathname(rest.to, rest.relative);
  let locationPathname = useLocation().pathname;
  if (!caseSensitive) {
    locationPathname = locationPathname.toLowerCase();
    toPathname = toPathname.toLowerCase();
  }
  const endSlashPosition = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === '/');
  // A declarative router has no pending navigations or view transitions to report.
  const renderProps: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false };
  const className =
    typeof classNameProp === 'function'
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ');
  return (
    <Link
      {...rest}
      aria-current={isActive ? ariaCurrentProp : undefined}
      className={className}
      style={typeof styleProp === 'function' ? styleProp(renderProps) : styleProp}
    >
      {typeof children === 'function' ? children(renderProps) : children}
    </Link>
  );
}
