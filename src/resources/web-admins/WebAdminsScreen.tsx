import { webAdmins } from './index';
import { ResourceScreen } from '../../app/resources/generic/ResourceScreen';
import { TemporaryPasswordButton } from '../../app/layout/account/TemporaryPasswordButton';

/** The generated list and dialog; each row also offers a super admin 'Setel Password Sementara'. */
export default function WebAdminsScreen() {
  return <ResourceScreen decl={webAdmins} rowActions={<TemporaryPasswordButton />} />;
}
