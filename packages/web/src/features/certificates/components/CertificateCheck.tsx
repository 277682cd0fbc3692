import { formatDay, type PublicCertificate } from '@yedyni/contract';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { buttonClass } from '../../../shared/ui/Button';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import { certificatePdfUrl, certificatesApi } from '../api';
import { certificateTexts as t } from '../texts';
import styles from './Certificates.module.css';

export const certificateCheckTitle = t.checkTitle;

/**
 * The body of `/certificates/:id` (public; app/CertificateScreen.tsx frames it): whoever holds the
 * paper checks that it stands. It shows what the server sends and nothing more: the name, the
 * course, the wave and the date, and whether it was revoked; the PDF only while it stands.
 */
export default function CertificateCheck() {
  const id = useParams().id ?? '';
  const [certificate, setCertificate] = useState<PublicCertificate | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    setCertificate(null);
    setError('');
    certificatesApi.verify(id).then(
      (answer) => current && setCertificate(answer),
      (failure: unknown) => current && setError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [id]);

  return (
    <>
      {/* A person's name is not for search engines (React puts these into the head). */}
      <meta name="robots" content="noindex, nofollow" />
      <title>{`${t.checkTitle} ${id}`}</title>
      {error ? (
        <Alert>{error}</Alert>
      ) : !certificate ? (
        <Spinner label={t.loading} />
      ) : (
        <CertificateFacts id={id} certificate={certificate} />
      )}
    </>
  );
}

function CertificateFacts({ id, certificate }: { id: string; certificate: PublicCertificate }) {
  const { revoked } = certificate;
  return (
    <>
      <p className={`${styles.state} ${revoked ? styles.revoked : styles.valid}`} role="status">
        {revoked ? t.revoked(revoked.at) : t.valid}
      </p>
      <p className={styles.name}>{certificate.name}</p>
      <dl className={layout.facts}>
        <div>
          <dt>{t.course}</dt>
          <dd>«{certificate.course}»</dd>
        </div>
        <div>
          <dt>{t.wave}</dt>
          <dd>{certificate.wave}</dd>
        </div>
        <div>
          <dt>{t.issued}</dt>
          <dd>{formatDay(certificate.issuedAt)}</dd>
        </div>
        <div>
          <dt>{t.number}</dt>
          <dd className={styles.code}>{id.toUpperCase()}</dd>
        </div>
      </dl>
      {!revoked && (
        <p className={styles.actions}>
          <a className={buttonClass('primary', true)} href={certificatePdfUrl(id)} download={`certificate-${id}.pdf`}>
            {t.pdf}
          </a>
        </p>
      )}
    </>
  );
}
