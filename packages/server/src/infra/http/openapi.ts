import { errorSchema } from '@yedyni/contract';

/** OpenAPI: the call needs `Authorization: Bearer <token>`. */
export const bearer = [{ bearer: [] }];

/** The error answers most authenticated calls can give, each `{ message }`. */
export const errorResponses = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
