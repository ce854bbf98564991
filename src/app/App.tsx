import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { dataProvider } from './providers/dataProvider';
import { authProvider } from './providers/authProvider';
import { i18nProvider } from './providers/i18nProvider';
import { Layout, loadAppMenu } from './layout/Layout';
import { LoginPage } from './layout/LoginPage';
import { AppNotification } from './layout/AppNotification';
import { theme } from './theme';
import { RequireMenuAccess, RedirectToDashboard } from './components/RequireMenuAccess';
import { NotBuiltYet } from './pages/NotBuiltYet';
import { menuLeaves } from '../domain/menu';
import { resourceScreens } from './resources/screens';
import { preloadable } from './preloadable';
import { loadCharts } from './components/charts';

// Screens load on first visit (their charts later still): the login bundle stays small.
const Dashboard = preloadable(() => import('./pages/Dashboard'));
/** The signed-in account's own two-factor page (the user menu's 'Autentikasi Dua Faktor'). */
const TwoFactorPage = lazy(() => import('./pages/two-factor'));
/** Where an e-mailed reset link leads: public, outside the signed-in layout. */
const ResetPasswordPage = lazy(() => import('./layout/login/ResetPasswordPage'));

/**
 * The login page, which meanwhile loads what 'Masuk' leads to: the dashboard and the menu, with
 * their charts, while the user types. A click then waits only for the sign-in and the figures.
 */
function LoginAndPrefetch() {
  useEffect(() => {
    const load = () =>
      void Promise.all([Dashboard.preload(), loadAppMenu(), loadCharts()]).catch(() => undefined);
    const id = window.setTimeout(load, 200);
    return () => window.clearTimeout(id);
  }, []);
  return <LoginPage />;
}

/** The analysis screens of the monitoring menu, by path. */
const analysisPages: Record<string, ComponentType> = {
  '/patients': lazy(() => import('./pages/PatientAnalysis')),
  '/appointments': lazy(() => import('./pages/AppointmentAnalysis')),
  '/medical-facilities': lazy(() => import('./pages/FacilityAnalysis')),
  '/emergency-reports': lazy(() => import('./pages/EmergencyAnalysis')),
  '/mental-health': lazy(() => import('./pages/MentalHealthAnalysis')),
  '/geographic': lazy(() => import('./pages/GeographicAnalysis')),
  // and the integrated facilities' master-detail screen (not a resource of its own)
  '/master/medical-facilities-integrated': lazy(
    () => import('./resources/master/medical-facilities-integrated'),
  ),
  '/menu-role-manager': lazy(() => import('./pages/MenuRoleManager')),
  '/master/domain-config': lazy(() => import('./pages/DomainConfig')),
  '/performance-analytics': lazy(() => import('./pages/PerformanceAnalytics')),
  '/logs-monitoring': lazy(() => import('./pages/LogsMonitoring')),
  '/logs/api-logs': lazy(() => import('./pages/ApiLogs')),
  '/api-simulator': lazy(() => import('./pages/api-simulator')),
  '/simulator/mobile': lazy(() => import('./pages/mobile-simulator')),
};

/** The signed-in admin's own account, open to every role (from the user menu). */
const SessionsPage = lazy(() => import('./pages/account/SessionsPage'));

/** Every declared resource has its screen; every other menu path is a custom route. */
const resourcePaths = new Set(resourceScreens.map((r) => `/${r.name}`));
const pendingPages = menuLeaves().filter(
  (l) => l.path !== '/dashboard' && !resourcePaths.has(l.path!) && !analysisPages[l.path!],
);

export function App() {
  return (
    <Admin
      title="Dashboard Analisis Kesehatan Jakarta"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      layout={Layout}
      loginPage={LoginAndPrefetch}
      notification={AppNotification}
      dashboard={Dashboard}
      accessDenied={RedirectToDashboard}
      catchAll={RedirectToDashboard}
      requireAuth
      disableTelemetry
    >
      {resourceScreens.map((r) => (
        <Resource key={r.name} {...r} />
      ))}
      <Resource name="admin/medical-facilities" recordRepresentation="name" />
      <CustomRoutes noLayout>
        <Route
          path="/reset-password"
          element={
            <Suspense fallback={null}>
              <ResetPasswordPage />
            </Suspense>
          }
        />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/account/two-factor" element={<TwoFactorPage />} />
        <Route path="/account/sessions" element={<SessionsPage />} />
        {Object.entries(analysisPages).map(([path, Page]) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireMenuAccess>
                <Page />
              </RequireMenuAccess>
            }
          />
        ))}
        {pendingPages.map((leaf) => (
          <Route
            key={leaf.path}
            path={leaf.path}
            element={
              <RequireMenuAccess>
                <NotBuiltYet labelKey={leaf.labelKey} />
              </RequireMenuAccess>
            }
          />
        ))}
      </CustomRoutes>
    </Admin>
  );
}
