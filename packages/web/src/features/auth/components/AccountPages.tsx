// The public account screens other than /login, in one lazy chunk: each screen a chunk of its own
// put its file names (and its styles') into the first screen's preload table, bytes /login pays
// for (its 85 KB budget) on behalf of pages that only some visitors open.
export { default as RecoveryPage } from './RecoveryPage';
export { default as RegisterPage } from './RegisterPage';
export { default as ResetPage } from './ResetPage';
export { default as ResumePage } from './ResumePage';
// The code step of two-step sign-in is also the default export: /login imports it by the
// shortest call there is.
export { default, default as TwoStepPage } from './TwoStepPage';
