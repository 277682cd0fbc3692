import type { AccountDeletionBody, MyData, PrivacyNotice } from '@yedyni/contract';
import { api } from '../../shared/api/client';

/** `/api/privacy`: few calls, each screen's own state; no slice (nothing else reads them). */
export const privacyApi = {
  notice: () => api.get<PrivacyNotice>('/privacy/notice'),
  mine: () => api.get<MyData>('/privacy/mine'),
  requestExport: () => api.post<MyData>('/privacy/export'),
  requestDeletion: (body: AccountDeletionBody) => api.post<MyData>('/privacy/deletion', body),
};

/** The archive's download path under `/api` (a Bearer download: useDownload). */
export const EXPORT_PATH = '/privacy/export';
