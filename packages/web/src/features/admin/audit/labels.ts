import type { AuditAction } from '@yedyni/contract';

/** The console's name of every audit action the contract defines (the type keeps the list complete). */
export const AUDIT_LABELS: Record<AuditAction, string> = {
  'user.role': 'Зміна ролі',
  'user.password': 'Новий пароль (командний рядок)',
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
  'chat.delete': 'Видалення повідомлення в чаті',
  'comment.delete': 'Видалення коментаря',
  'homework.rate': 'Оцінка домашнього завдання',
  'homework.rate.undo': 'Скасування оцінки',
  'certificate.criteria': 'Умови сертифіката',
  'certificate.revoke': 'Відкликання сертифіката',
};
