export {
  ApiError,
  api,
  errorMessage,
  errorStatus,
  getText,
  NETWORK_ERROR,
  request,
  setTokenSource,
} from './client';
