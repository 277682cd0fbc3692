import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectIsLoggedIn } from '../features/auth';
import { previousLocation } from '../shared/lib/previousLocation';
import { useAppSelector } from './hooks';

/**
 * Public routes: a signed-in user is sent on to the stored previous location (which is then
 * forgotten) or to /uk.
 */
export function PublicRoute() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  if (isLoggedIn) return <ToPreviousLocation />;
  return <Outlet />;
}

function ToPreviousLocation() {
  // Read during render, forgotten after commit: a second render (StrictMode) still sees it.
  const target = previousLocation.read() ?? '/uk';
  useEffect(() => previousLocation.forget(), []);
  return <Navigate to={target} replace />;
}

/** Protected routes: a visitor is sent to /login and the wanted place is remembered. */
export function PrivateRoute() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  if (!isLoggedIn) return <ToLogin />;
  return <Outlet />;
}

function ToLogin() {
  const { pathname, search } = useLocation();
  useEffect(() => previousLocation.remember(pathname + search), [pathname, search]);
  return <Navigate to="/login" replace />;
}
