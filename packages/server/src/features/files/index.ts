/** Uploaded files' public API: storage with quotas and signed links, and type detection. */
export { detectFileType, detectStreamType, EXTENSIONS, MEDIA_TYPES, mediaTypeOfName } from './detect.js';
export { filesRoutes } from './routes.js';
export { FilesService, forgetFiles, type StoredUpload } from './service.js';
