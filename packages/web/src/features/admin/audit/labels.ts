import type { AuditAction } from '@yedyni/contract';

/**
 * The console's names of audit actions: the same list as the contract's AUDIT_ACTIONS (labels.test.ts
 * checks they are equal). Not imported from the contract because constants.ts lives in the first
 * screen's chunk: a value used here would be bundled into /login (≈0.28 KB gzip over its budget).
 */
export const AUDIT_LABELS: Record<AuditAction, string> = {
  'user.role': 'Зміна ролі',
  'course.create': 'Новий курс',
  'course.update': 'Зміна курсу',
  'course.next-wave': 'Наступна хвиля',
  'lesson.create': 'Новий урок',
  'lesson.update': 'Зміна уроку',
  'lesson.delete': 'Видалення уроку',
  'lesson.reorder': 'Порядок уроків',
  'lesson.schedule': 'Розклад уроку',
  'media.upload': 'Завантаження медіа',
  'task.create': 'Нове завдання гри',
  'task.update': 'Зміна завдання гри',
  'olympiad.create': 'Нова олімпіада',
  'olympiad.update': 'Зміна олімпіади',
  'olympiad.delete': 'Видалення олімпіади',
  'club.create': 'Новий клуб',
  'club.update': 'Зміна клубу',
};
