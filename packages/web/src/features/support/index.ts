// What the first screen needs of the support feature: the state's shape and the header's level.
// The whole slice (slice.ts) and the screens load lazily (app/partners.ts, app/SupportScreens.tsx),
// so they are not re-exported here.
export { initialPartnersState, selectIndicators } from './header';
export type { PartnersRootState, PartnersState } from './types';
