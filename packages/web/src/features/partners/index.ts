export type { PartnersRootState, PartnersState } from './slice';
export { fetchIndicators, initialPartnersState, partnersReducer, selectIndicators } from './slice';
