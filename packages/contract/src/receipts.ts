import { z } from 'zod';

// A donor's documents (issue 22): a receipt per payment and «Довідка за рік», both PDF.

/** A payment's receipt: `GET /api/payments/donats/{id}/receipt`, the id of the history's row (`_id`). */
export const receiptParamsSchema = z.object({ id: z.string().min(1).max(255) });

/** The earliest year a statement is asked for: before the platform there were no gifts. */
export const FIRST_STATEMENT_YEAR = 2000;

export const statementParamsSchema = z.object({
  year: z.coerce
    .number({ error: 'Рік: має бути числом, наприклад 2025' })
    .int('Рік: ціле число, наприклад 2025')
    .min(FIRST_STATEMENT_YEAR, `Рік: не раніше ${FIRST_STATEMENT_YEAR}`)
    .max(9999, 'Рік: чотири цифри, наприклад 2025'),
});

/** A calendar year (Kyiv) with gifts: a complete one is the statement for the tax discount. */
export const statementYearSchema = z
  .object({
    year: z.number().int(),
    /** False for the current year: its statement is made as of today. */
    complete: z.boolean(),
    /** Successful, not refunded gifts in that year. */
    count: z.number().int(),
    /** Their sum, UAH (kopiykas exact: the statement's total). */
    total: z.number(),
  })
  .meta({ id: 'StatementYear' });
export type StatementYear = z.infer<typeof statementYearSchema>;
export const statementYearsSchema = z.object({ years: z.array(statementYearSchema) }).meta({ id: 'StatementYears' });
export type StatementYears = z.infer<typeof statementYearsSchema>;

export const RECEIPT_MESSAGES = {
  paymentNotFound: 'Внесок не знайдено',
  refunded: 'Цей внесок повернуто, тому квитанції на нього немає',
  noGifts: 'За цей рік у вас немає внесків, тож довідки немає',
} as const;
