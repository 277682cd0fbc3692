/** Moving over from the platform Єдині replaces: `npm run admin -- import-original <folder>`. */
export { ExportFileError } from './export-files.js';
export type { ImportReport } from './report.js';
export { type ImportOptions, importOriginal } from './service.js';
