export {
  ApiError,
  answerOf,
  api,
  errorMessage,
  errorStatus,
  getText,
  NETWORK_ERROR,
  request,
  setTokenSource,
} from './client';
export {
  isCancelled,
  UPLOAD_CANCELLED,
  UploadCancelled,
  type UploadOptions,
  type UploadProgress,
  upload,
} from './upload';
