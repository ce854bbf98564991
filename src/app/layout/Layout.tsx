import { Suspense, useEffect, type ReactNode } from 'react';
import {
  AppBar,
  Layout as RaLayout,
  LinearProgress,
  LoadingIndicator,
  TitlePortal,
  useLogout,
  useTranslate,
} from 'react-admin';
import { Typography } from '@mui/material';
import { LanguageMenu } from './LanguageMenu';
import { AppUserMenu } from './account/UserMenu';
import { useMe } from './useMe';
import { LiveStatus, LiveUpdates } from './LiveUpdates';
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
          <LiveStatus />
          <LanguageMenu />
          {/* The spinner shown while a request runs is named for screen readers (and axe). */}
          <LoadingIndicator aria-label={translate('ra.page.loading')} />
        </>
      }
    >
      {/* A long title wraps between words (on a phone in a smaller type) instead of running under the buttons or being cut. */}
      <TitlePortal
        sx={{
          minWidth: 0,
          whiteSpace: 'normal',
          overflowWrap: 'break-word',
          fontSize: { xs: '0.95rem', sm: '1.1rem', md: '1.25rem' },
          lineHeight: 1.25,
          py: 0.5,
        }}
      />
      <Typography variant="body2" sx={{ display: { xs: 'none', md: 'block' }, opacity: 0.9, mr: 1 }}>
        {translate('app.title')}
      </Typography>
    </AppBar>
  );
}

/**
 * A session whose password became a temporary one (a super admin set it) is sent to the
 * sign-in, where the change is asked for: the console's screens would refuse it anyway.
 */
function TemporaryPasswordGuard() {
  const { data: me } = useMe();
  const logout = useLogout();
  const mustChange = Boolean(me?.password_change_required);
  useEffect(() => {
    if (mustChange) void logout();
  }, [mustChange, logout]);
  return null;
}

/** react-admin's layout: the 280 px drawer (temporary on narrow screens) holds our menu. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    // react-admin sizes the frame to its widest content (min-width: fit-content), so one wide
    // table made every screen wider than a phone; the content keeps the window's width and wide
    // tables scroll inside their own cards.
    // On a phone the content ends with room for the floating add button (56 px, 60 px above the
    // foot), so the last rows and the pagination can scroll clear of it.
    <RaLayout
      menu={Menu}
      appBar={AppAppBar}
      sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0, pb: { xs: '136px', sm: 0 } } }}
    >
      <TemporaryPasswordGuard />
      <LiveUpdates />
      {children}
    </RaLayout>
  );
}
