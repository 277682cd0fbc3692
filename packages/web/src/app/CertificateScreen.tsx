import CertificateCheck, { certificateCheckTitle } from '../features/certificates/components/CertificateCheck';
import { CardPage } from '../shared/ui/CardPage';

/** `/certificates/:id`: the certificates feature's public check in the account screens' card. */
export default function CertificateScreen() {
  return (
    <CardPage title={certificateCheckTitle}>
      <CertificateCheck />
    </CardPage>
  );
}
