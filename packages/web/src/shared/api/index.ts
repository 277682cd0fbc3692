export {
  ApiError,
  api,
  errorFields,
  errorMessage,
  errorStatus,
  getText,
  NETWORK_ERROR,
  request,
  setTokenSource,
} from './client';
