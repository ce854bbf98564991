import { Logout, UserMenu } from 'react-admin';
import { TwoFactorMenuItem } from './TwoFactorMenuItem';

/** The header's user menu: the signed-in account's own settings, one item each, then 'Keluar'. */
export function AppUserMenu() {
  return (
    <UserMenu>
      <TwoFactorMenuItem />
      <Logout />
    </UserMenu>
  );
}
