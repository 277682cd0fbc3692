/**
 * Texts shared by the account screens, and the login screen's own (it is in the first chunk).
 * Each lazy screen keeps its texts next to it, so they load with it. e2e tests rely on these.
 */
export const authTexts = {
  email: 'Електронна пошта',
  password: 'Пароль',
  firstName: 'Імʼя',
  lastName: 'Прізвище',
  failed: 'Щось пішло не так. Спробуйте ще раз.',
  passwordHint: '8–64 символи',
  login: {
    title: 'Вхід',
    lead: 'Раді бачити вас знову! Увійдіть, щоб продовжити навчання.',
    submit: 'Увійти',
    busy: 'Входимо…',
    forgot: 'Забули пароль?',
    noAccount: 'Ще не з нами?',
    register: 'Зареєструватися',
  },
} as const;
