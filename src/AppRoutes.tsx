import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CrmGuard } from './authProvider/CrmGuard';
import { takeReturnTo } from './authProvider/returnTo';
import type { Session } from './authProvider/session';
import { PublicPageTheme } from './layout/PublicPageTheme';
// Part of the entry, not lazy: the sign-in page then comes with the first wave of files (its MUI parts land
// in the entry's `shell` chunk, see build/chunkGroups.ts) instead of a second round trip after them.
import LoginPage from './authProvider/LoginPage';

const AccessDeniedPage = lazy(() => import('./authProvider/AccessDeniedPage'));
// The customer's survey page: public, no sign-in.
const SurveyPage = lazy(() => import('./survey/SurveyPage'));

/**
 * The top-level routes: login, zugriff, the public survey page, the guarded /crm, and everything else to the
 * dashboard.
 */
export function AppRoutes({ session }: { session: Session }) {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route
          path="/login"
          element={
            <PublicPageTheme>
              <LoginPage session={session} />
            </PublicPageTheme>
          }
        />
        <Route
          path="/zugriff"
          element={
            <PublicPageTheme>
              <AccessDeniedPage />
            </PublicPageTheme>
          }
        />
        <Route path="/umfrage/:token" element={<SurveyPage />} />
        <Route
          path="/auth-callback"
          element={
            <Navigate to={session.account && !session.redirectError ? takeReturnTo() : '/login'} replace />
          }
        />
        <Route path="/crm/*" element={<CrmGuard session={session} />} />
        <Route path="*" element={<Navigate to="/crm/dashboard" replace />} />
      </Routes>
    </Suspense>
  );
}
