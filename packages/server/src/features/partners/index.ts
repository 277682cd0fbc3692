/** Partners' public API: indicators, team, gratitudes, and the footprint ledger every feature adds to. */
export { addFootprint, creditInvitation, footprintHistory } from './footprint.js';
export { partnersRoutes } from './routes.js';
export { PartnersService } from './service.js';
