import { Suspense, type ReactNode } from 'react';
import {
  AppBar,
  Layout as RaLayout,
  LinearProgress,
  LoadingIndicator,
  TitlePortal,
  useTranslate,
} from 'react-admin';
import { Typography } from '@mui/material';
import { LanguageMenu } from './LanguageMenu';
import { AppUserMenu } from './account/UserMenu';
import { preloadable } from '../preloadable';

// The menu and its icons load after sign-in, not with the login page.
const AppMenu = preloadable(() => import('./AppMenu'));
/** The sidebar's module (loaded after sign-in, or ahead of it on the login page). */
export const loadAppMenu = AppMenu.preload;
function Menu() {
  const translate = useTranslate();
  return (
    <Suspense fallback={<LinearProgress aria-label={translate('ra.page.loading')} />}>
      <AppMenu />
    </Suspense>
  );
}

function AppAppBar() {
  const translate = useTranslate();
  return (
    <AppBar
      color="primary"
      userMenu={<AppUserMenu />}
      toolbar={
        <>
          <LanguageMenu />
          {/* The spinner shown while a request runs is named for screen readers (and axe). */}
          <LoadingIndicator aria-label={translate('ra.page.loading')} />
        </>
      }
    >
      {/* A long title shortens with an ellipsis instead of running under the buttons. */}
      <TitlePortal sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} />
      <Typography variant="body2" sx={{ display: { xs: 'none', md: 'block' }, opacity: 0.9, mr: 1 }}>
        {translate('app.title')}
      </Typography>
    </AppBar>
  );
}

/** react-admin's layout: the 280 px drawer (temporary on narrow screens) holds our menu. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    // react-admin sizes the frame to its widest content (min-width: fit-content), so one wide
    // table made every screen wider than a phone; the content keeps the window's width and wide
    // tables scroll inside their own cards.
    <RaLayout menu={Menu} appBar={AppAppBar} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      {children}
    </RaLayout>
  );
}
