export * from './auth.js';
export * from './common.js';
export * from './constants.js';
export * from './dates.js';
export * from './partners.js';
export * from './support.js';
