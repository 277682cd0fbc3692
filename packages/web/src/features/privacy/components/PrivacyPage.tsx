import { formatLongDate, type PrivacyNotice } from '@yedyni/contract';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../../shared/ui/Alert';
import { CardPage } from '../../../shared/ui/CardPage';
import { privacyApi } from '../api';
import { privacyTexts } from '../texts';
import styles from './PrivacyPage.module.css';

const t = privacyTexts.page;
/** Shown until the server's figures come (they are the defaults of its settings). */
const DEFAULTS: PrivacyNotice = { contactEmail: '', exportHours: 24, graceDays: 14 };

/** `/privacy`: the privacy notice, public; after a deletion request it also says until when a sign-in cancels it. */
export default function PrivacyPage() {
  const [notice, setNotice] = useState<PrivacyNotice>(DEFAULTS);
  const [params] = useSearchParams();
  const deletionAt = Number(params.get('deletion'));

  useEffect(() => {
    document.title = `${t.title} — Єдині`;
    privacyApi.notice().then(setNotice, () => {});
  }, []);

  const { contactEmail, exportHours, graceDays } = notice;
  return (
    <CardPage
      title={t.title}
      footer={
        <>
          <Link to="/login">{t.login}</Link>
          <Link to="/register">{t.register}</Link>
          <Link to="/">{t.home}</Link>
        </>
      }
    >
      <div className={styles.notice}>
        {deletionAt > 0 && <Notice tone="info">{t.deletionPlanned(formatLongDate(deletionAt))}</Notice>}
        <p>
          «Єдині» — волонтерський рух за українську мову. Щоб ви могли навчатися, ми зберігаємо небагато даних про вас.
          Тут простими словами: що саме, навіщо, як довго і що ви можете з цим зробити.
        </p>

        <h2>Що ми зберігаємо</h2>
        <ul>
          <li>
            <b>Профіль:</b> імʼя, прізвище, адресу електронної пошти, пароль (лише в зашифрованому вигляді — сам пароль
            ми не знаємо) і хто вас запросив.
          </li>
          <li>
            <b>Навчання:</b> щоденник, домашні завдання з файлами й коментарями кураторів, відповіді на самоперевірки,
            гру, олімпіади, повторення, заняття в клубах і ваш прогрес.
          </li>
          <li>
            <b>Спілкування:</b> ваші повідомлення в чатах курсів і файли, які ви туди надсилаєте.
          </li>
          <li>
            <b>Підтримку руху:</b> ваші донати й підписки (сума, дата, останні цифри картки — повного номера картки ми
            не бачимо, його обробляє LiqPay), бали «Українського сліду» і вашу команду.
          </li>
          <li>
            <b>Вхід:</b> ваші сеанси (щоб ви не входили щоразу) і налаштування сповіщень.
          </li>
        </ul>

        <h2>Навіщо</h2>
        <p>
          Лише щоб курси працювали: показувати вам уроки й ваш поступ, передавати домашні завдання кураторам, надсилати
          листи й сповіщення, про які ви домовилися з нами, і обліковувати донати. Ми не продаємо і не передаємо ваші
          дані рекламодавцям і не показуємо рекламу.
        </p>

        <h2>Як довго</h2>
        <p>
          Поки у вас є акаунт. Коли ви його видаляєте, ми стираємо особисте (див. нижче). Записи про платежі ми мусимо
          зберігати стільки, скільки вимагає закон про бухгалтерський облік, — але вже без вашого імені. Резервні копії
          бази оновлюються, тож видалене з них теж з часом зникає.
        </p>

        <h2>Ваші права</h2>
        <h3>Забрати свої дані</h3>
        <p>
          У профілі натисніть «Завантажити мої дані». Ми підготуємо zip-архів з усім, що про вас зберігаємо: профіль,
          щоденник, домашні завдання з коментарями й файлами, повідомлення в чаті, платежі, Український слід і команду.
          Коли він буде готовий, ми напишемо вам. Архів можна завантажити лише після входу до кабінету протягом{' '}
          {exportHours === 24 ? 'доби' : `${exportHours} годин`}, потім ми його видаляємо.
        </p>
        <h3>Видалити акаунт</h3>
        <p>
          У профілі натисніть «Видалити акаунт», введіть пароль і слово ВИДАЛИТИ. Ми одразу вийдемо з усіх ваших
          пристроїв, а через {graceDays} днів видалимо акаунт: імʼя, пошту, пароль, щоденник і файли домашніх завдань.
          Якщо передумаєте — просто увійдіть до кабінету до цієї дати, і видалення скасується. Ваші повідомлення в чатах
          і коментарі залишаться, щоб не ламати розмову, але з підписом «Видалений користувач». Записи про платежі
          залишаться без імені. Відновити видалений акаунт неможливо.
        </p>

        <h2>Контакти</h2>
        <p>
          Питання про ваші дані пишіть на{' '}
          {contactEmail ? <a href={`mailto:${contactEmail}`}>{contactEmail}</a> : 'адресу, з якої приходять наші листи'}
          . Ми відповімо якнайшвидше.
        </p>
      </div>
    </CardPage>
  );
}
