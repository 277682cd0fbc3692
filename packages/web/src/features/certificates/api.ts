/** Certificates' calls (`/api/certificates`, the console's `/api/admin/certificates`), over the app's one client. */
import type {
  AdminCertificate,
  AdminCertificateCriteria,
  CertificateCriteria,
  MyCertificates,
  PublicCertificate,
} from '@yedyni/contract';
import { api, request } from '../../shared/api';

const segment = (value: string) => encodeURIComponent(value);

export const certificatesApi = {
  /** The public check: no sign-in needed (the client sends a token only when there is one). */
  verify: (id: string) => api.get<PublicCertificate>(`/certificates/${segment(id)}`),
  mine: () => api.get<MyCertificates>('/certificates/mine'),
  saveCriteria: (courseId: string, criteria: CertificateCriteria) =>
    request<AdminCertificateCriteria>('PUT', `/admin/certificates/criteria/${segment(courseId)}`, criteria),
  revoke: (id: string, reason: string) =>
    api.post<AdminCertificate>(`/admin/certificates/${segment(id)}/revoke`, { reason }),
};

/** The PDF's address: a plain link, so the browser opens or saves it itself. */
export const certificatePdfUrl = (id: string) => `/api/certificates/${segment(id)}/pdf`;
/** The public page's address, what the QR code on paper opens. */
export const certificatePageUrl = (id: string) => `/certificates/${segment(id)}`;
