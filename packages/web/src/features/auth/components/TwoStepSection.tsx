import { Link } from 'react-router';
import { buttonClass } from '../../../shared/ui/Button';
import { Panel } from '../../../shared/ui/Panel';
import { useAuthSelector } from '../hooks';
import { selectUser } from '../slice';
import styles from './TwoStep.module.css';
import { twoStepTexts as t } from './twoStepTexts';

/** The profile's section: whether two-step sign-in is on, and the way to its screen. */
export function TwoStepSection() {
  const user = useAuthSelector(selectUser);
  if (!user) return null;
  const { on, required } = user.twoStep;
  return (
    <Panel title={t.title}>
      <p>{on ? t.profileOn : t.profileOff}</p>
      {required && !on && <p className={styles.warning}>{t.required}</p>}
      <p>
        <Link className={buttonClass(on ? 'secondary' : 'accent')} to="/uk/profile/two-step">
          {on ? t.manage : t.setUp}
        </Link>
      </p>
    </Panel>
  );
}
