import { Logout, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import { TwoFactorMenuItem } from './TwoFactorMenuItem';

/** The header's user menu: the signed-in account's own settings, one item each, then 'Keluar'. */
export function AppUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  // The wide button shows the user's name: its accessible name starts with that text.
  const profile = translate('ra.auth.user_menu');
  const label = identity?.fullName ? `${identity.fullName} (${profile})` : profile;
  return (
    <UserMenu label={label}>
      <TwoFactorMenuItem />
      <Logout />
    </UserMenu>
  );
}
