import type { ReactNode } from 'react';
import { AppBar, Layout as RaLayout, TitlePortal, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { AppMenu } from './AppMenu';

function AppAppBar() {
  const translate = useTranslate();
  return (
    <AppBar color="primary" userMenu={false}>
      <TitlePortal />
      <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' }, opacity: 0.9 }}>
        {translate('app.title')}
      </Typography>
    </AppBar>
  );
}

/** react-admin's layout: the 280 px drawer (temporary on narrow screens) holds our menu. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout menu={AppMenu} appBar={AppAppBar}>
      {children}
    </RaLayout>
  );
}
