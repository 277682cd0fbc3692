import { z } from 'zod';
import { pageQuerySchema, singleLine, type WholeRange, wholeNumber } from './common.js';
import { WAVE_DAYS } from './habit.js';

/**
 * Certificates (docs/domain.md «Certificates»): at the end of a wave a learner who met the
 * course's criteria gets one, with a short id anyone can verify at `/certificates/<id>`.
 */

/** A certificate's id: 10 characters of Crockford's base32 (50 random bits), unguessable, short enough to type. */
export const CERTIFICATE_ID_LENGTH = 10;
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * An id as someone typed it, in Crockford's reading: any case, O as 0, I and L as 1, hyphens and
 * spaces ignored. Null when it cannot be an id at all.
 */
export function normalizeCertificateId(typed: string): string | null {
  const id = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (id.length !== CERTIFICATE_ID_LENGTH) return null;
  for (const c of id) if (!CROCKFORD_ALPHABET.includes(c)) return null;
  return id;
}

/** Diary days a course may ask for: at most one a day of the wave. */
export const CRITERIA_DIARY_DAYS: WholeRange = { min: 0, max: WAVE_DAYS };
/** Self-tests a course may ask for; the server also keeps it within the course's lessons. */
export const CRITERIA_SELF_TESTS: WholeRange = { min: 0, max: 100 };

export const certificateCriteriaSchema = z
  .object({
    enabled: z.boolean({ error: 'Сертифікати: увімкнено чи ні' }),
    /** Distinct Kyiv dates of this course's diary entries within the wave. */
    diaryDays: wholeNumber('Щоденник', CRITERIA_DIARY_DAYS, 'днів'),
    /** Every lesson of the course has homework handed in (text or a file). */
    allHomework: z.boolean({ error: 'Домашні: так чи ні' }),
    /** Lessons of the course with a scored self-test. */
    selfTests: wholeNumber('Самоперевірки', CRITERIA_SELF_TESTS),
  })
  .meta({ id: 'CertificateCriteria' });
export type CertificateCriteria = z.infer<typeof certificateCriteriaSchema>;

export const DEFAULT_CRITERIA: CertificateCriteria = { enabled: false, diaryDays: 20, allHomework: true, selfTests: 0 };

/**
 * What anyone may see of a certificate: these fields and nothing else (no e-mail, no ids, no
 * scores). A revocation says when, not why: the reason is about a person, and the page is open.
 */
export const publicCertificateSchema = z
  .object({
    name: z.string(),
    course: z.string(),
    wave: z.string(),
    issuedAt: z.number(),
    revoked: z.object({ at: z.number() }).strict().nullable(),
  })
  .meta({ id: 'PublicCertificate' });
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

/** The learner's own and the console's view: the id, and a revocation's reason. */
export const certificateSchema = publicCertificateSchema
  .extend({ id: z.string(), revoked: z.object({ at: z.number(), reason: z.string().optional() }).nullable() })
  .meta({ id: 'Certificate' });
export type Certificate = z.infer<typeof certificateSchema>;

/** How far a learner is toward one of their running waves' certificate. */
export const certificateProgressSchema = z
  .object({
    courseId: z.string(),
    course: z.string(),
    wave: z.string(),
    /** 00:00 Kyiv of the wave's start day + WAVE_DAYS: certificates are issued from then. */
    endsAt: z.number(),
    criteria: certificateCriteriaSchema.omit({ enabled: true }),
    diaryDays: z.number().int(),
    homework: z.object({ done: z.number().int(), total: z.number().int() }),
    selfTests: z.number().int(),
  })
  .meta({ id: 'CertificateProgress' });
export type CertificateProgress = z.infer<typeof certificateProgressSchema>;

export const myCertificatesSchema = z
  .object({ certificates: z.array(certificateSchema), progress: z.array(certificateProgressSchema) })
  .meta({ id: 'MyCertificates' });
export type MyCertificates = z.infer<typeof myCertificatesSchema>;

export const CERTIFICATE_MESSAGES = {
  notFound: 'Сертифікат не знайдено. Перевірте номер.',
  courseNotFound: 'Курс не знайдено',
  tooManyLookups: 'Забагато перевірок сертифікатів. Спробуйте за хвилину.',
  revokedPdf: 'Сертифікат відкликано: його PDF більше не видається',
  alreadyRevoked: 'Сертифікат уже відкликано',
  selfTestsOverLessons: (lessons: number) => `Самоперевірки: не більше, ніж уроків у курсі (${lessons})`,
  issuedTitle: (course: string) => `Сертифікат курсу «${course}»`,
  issuedBody: (wave: string) => `Хвиля ${wave} завершилася, і ви виконали умови. Вітаємо!`,
} as const;

// ─── Console (`/api/admin/certificates`) ─────────────────────────────────────────────────────────

export const adminCertificateCriteriaSchema = certificateCriteriaSchema
  .extend({ courseId: z.string(), course: z.string(), lessons: z.number().int() })
  .meta({ id: 'AdminCertificateCriteria' });
export type AdminCertificateCriteria = z.infer<typeof adminCertificateCriteriaSchema>;

export const adminCertificateSchema = certificateSchema
  .extend({ canRevoke: z.boolean() })
  .meta({ id: 'AdminCertificate' });
export type AdminCertificate = z.infer<typeof adminCertificateSchema>;

export const adminCertificatesQuerySchema = pageQuerySchema.extend({ courseId: z.string().min(1).max(64) });

export const adminCertificatesSchema = z
  .object({ certificates: z.array(adminCertificateSchema), totalPages: z.number().int() })
  .meta({ id: 'AdminCertificates' });
export type AdminCertificates = z.infer<typeof adminCertificatesSchema>;

export const CERTIFICATE_REASON_MAX = 300;
export const certificateRevokeSchema = z
  .object({
    reason: singleLine('Причина')
      .max(CERTIFICATE_REASON_MAX, `Причина: не більше ${CERTIFICATE_REASON_MAX} символів`)
      .default(''),
  })
  .meta({ id: 'CertificateRevoke' });
export type CertificateRevoke = z.input<typeof certificateRevokeSchema>;
