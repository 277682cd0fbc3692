/** An error whose message is meant for the user (Ukrainian) and whose status is the answer's. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const GENERIC_MESSAGES: Record<number, string> = {
  400: 'Некоректний запит',
  401: 'Увійдіть, щоб продовжити',
  403: 'Недостатньо прав',
  404: 'Не знайдено',
  405: 'Метод не підтримується',
  408: 'Запит тривав надто довго',
  409: 'Конфлікт даних',
  413: 'Завеликий запит',
  415: 'Непідтримуваний формат запиту',
  429: 'Забагато запитів. Спробуйте пізніше.',
  500: 'Сталася помилка на сервері. Спробуйте пізніше.',
  503: 'Сервіс тимчасово недоступний. Спробуйте за хвилину.',
  507: 'На сервері закінчилося місце для файлів. Спробуйте пізніше.',
};

/** The disk (or the user's quota) is full: a write failed for want of space, not because of a bug. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
