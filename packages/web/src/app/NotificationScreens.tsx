import { useCallback } from 'react';
import { selectUser } from '../features/auth';
import { countNotificationsSet } from '../features/homework';
import WaitingHomework from '../features/homework/components/WaitingHomework';
import NotificationsPage from '../features/notifications/components/NotificationsPage';
import SettingsPage from '../features/notifications/components/SettingsPage';
import { useAppDispatch, useAppSelector } from './hooks';
import './homework';

// The notification screens, one chunk: the notifications feature's list with, for a person who
// reviews homework, the homework feature's waiting list above it. Loading it injects the whole
// exercises slice (./homework), which the waiting list needs.

/** `/uk/notifications` */
export function Notifications() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  // The header's badge: marking read answers the new count.
  const onCountChange = useCallback((count: number) => dispatch(countNotificationsSet(count)), [dispatch]);
  if (!user) return null;
  return (
    <NotificationsPage
      onCountChange={onCountChange}
      waiting={user.abilities.reviewHomework ? <WaitingHomework /> : undefined}
    />
  );
}

/** `/uk/notifications/settings` */
export function Settings() {
  const user = useAppSelector(selectUser);
  if (!user) return null;
  return <SettingsPage reviewsHomework={user.abilities.reviewHomework} />;
}
