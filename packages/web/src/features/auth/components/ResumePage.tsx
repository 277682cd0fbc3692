import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../shared/ui/Alert';
import { buttonClass } from '../../../shared/ui/Button';
import { CardPage } from '../../../shared/ui/CardPage';
import { Spinner } from '../../../shared/ui/Spinner';
import { useAuthDispatch } from '../hooks';
import { authTexts } from '../texts';
import { demoLogin } from '../thunks';
import styles from './ResumePage.module.css';

const t = {
  title: 'Демонстраційний кабінет',
  progress: 'Входимо до демонстраційного кабінету…',
  login: 'Увійти',
  register: 'Зареєструватися',
} as const;

/** `/resume`: signs in to the demonstration account; the public-route guard then opens /uk. */
export default function ResumePage() {
  const dispatch = useAuthDispatch();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    dispatch(demoLogin()).then((result) => {
      if (demoLogin.rejected.match(result)) setError(result.payload ?? authTexts.failed);
    });
  }, [dispatch]);

  return (
    <CardPage title={t.title}>
      {error ? (
        <>
          <Alert>{error}</Alert>
          <div className={styles.actions}>
            <Link to="/login" className={buttonClass('primary')}>
              {t.login}
            </Link>
            <Link to="/register" className={buttonClass('secondary')}>
              {t.register}
            </Link>
          </div>
        </>
      ) : (
        <Spinner label={t.progress} compact />
      )}
    </CardPage>
  );
}
