import type { Role } from '@yedyni/contract';

/**
 * The console's Ukrainian texts. `adminTexts.common`, `.nav`, `.access` and `roleNames` are shared
 * by every screen of the console (each domain's screens keep their own texts next to them, e.g.
 * clubs/admin/texts.ts); the rest belong to the users and audit screens.
 */

/** A role as people say it: «учень», «куратор», «адміністратор». */
export const roleNames: Record<Role, string> = {
  user: 'учень',
  moderator: 'куратор',
  admin: 'адміністратор',
};

export const adminTexts = {
  common: {
    loading: 'Завантаження…',
    save: 'Зберегти',
    saving: 'Зберігаємо…',
    saved: 'Зміни збережено.',
    /** The «new …» button once its form is open. */
    closeForm: 'Закрити форму',
    edit: 'Редагувати',
    delete: 'Видалити',
    /** «Прибрати» a row of an editable list (.removeButton), and its full name. */
    remove: 'Прибрати',
    removeWhat: (what: string) => `Прибрати: ${what}`,
    create: 'Створити',
    close: 'Закрити',
    back: 'Назад',
    search: 'Пошук',
    all: 'Усі',
    empty: 'Тут поки нічого немає.',
    nothingFound: 'Нічого не знайдено.',
    failed: 'Не вдалося виконати дію. Спробуйте ще раз.',
    pages: 'Сторінки списку',
    yes: 'Так',
    no: 'Ні',
  },
  title: 'Керування',
  nav: {
    label: 'Розділи керування',
    courses: 'Курси',
    chat: 'Скарги в чаті',
    analytics: 'Аналітика',
    replyTimes: 'Час відповіді',
    game: 'Завдання гри',
    users: 'Користувачі',
    olympiads: 'Олімпіади',
    clubs: 'Клуби',
    certificates: 'Сертифікати',
    payments: 'Внески',
    openbook: 'Відкритий звіт',
    audit: 'Журнал дій',
  },
  access: {
    staffOnly: 'Цей розділ лише для кураторів і адміністраторів',
    staffOnlyLead: 'Якщо ви вважаєте, що вам потрібен доступ, напишіть адміністраторам.',
    home: 'На головну',
    adminsOnly: 'Лише для адміністраторів',
    adminsOnlyLead: 'Цей розділ доступний лише адміністраторам. Куратори керують курсами.',
    toCourses: 'До курсів',
  },

  users: {
    title: 'Користувачі',
    search: 'Імʼя або пошта',
    searchHint: 'Частина імені, прізвища чи адреси пошти.',
    role: 'Роль',
    anyRole: 'Будь-яка',
    list: 'Користувачі',
    name: 'Імʼя',
    email: 'Пошта',
    registered: 'Зареєстровано',
    none: 'Нікого не знайдено.',
    back: '← До списку користувачів',
    enrollments: 'Курси',
    course: 'Курс',
    wave: 'Хвиля',
    enrolledAt: 'Дата запису',
    noEnrollments: 'Ще не записаний на жоден курс.',
    changeRole: 'Змінити роль',
    newRole: 'Нова роль',
    currentRole: 'Поточна роль',
    sameRole: 'Оберіть роль, відмінну від поточної.',
    question: (name: string, role: Role) => `Змінити роль користувача ${name} на «${roleNames[role]}»?`,
    roleNow: (role: string) => `Зараз: ${role}.`,
    confirm: 'Так, змінити',
    changed: (name: string, role: Role) => `Тепер ${name} — ${roleNames[role]}.`,
  },

  audit: {
    title: 'Журнал дій',
    lead: 'Хто і що змінив у керуванні: найновіші зверху.',
    action: 'Дія',
    anyAction: 'Усі дії',
    list: 'Журнал дій',
    date: 'Коли',
    who: 'Хто',
    summary: 'Що саме',
    cli: 'командний рядок',
    none: 'Записів немає.',
  },
} as const;
