export { ApiError, api, errorMessage, errorStatus, NETWORK_ERROR, request, setTokenSource } from './client';
