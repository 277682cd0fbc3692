// The notification screens load lazily by path (app/NotificationScreens.tsx, app/routes.tsx); nothing
// of this feature is in the first screen, so nothing is re-exported here but its push state.
export type { PushState } from './push';
