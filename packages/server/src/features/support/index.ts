/** Support's public API (the support programme): indicators, team, gratitudes, and the footprint ledger every feature adds to. */
export { addFootprint, creditInvitation, footprintByDay, footprintForExport, footprintHistory } from './footprint.js';
export { supportRoutes } from './routes.js';
export { SupportService } from './service.js';
