import { AuthCard } from '../features/auth/components/AuthCard';
import CertificateCheck, { certificateCheckTitle } from '../features/certificates/components/CertificateCheck';

/** `/certificates/:id`: the certificates feature's public check in the account screens' card. */
export default function CertificateScreen() {
  return (
    <AuthCard title={certificateCheckTitle}>
      <CertificateCheck />
    </AuthCard>
  );
}
