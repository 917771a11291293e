import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CrmGuard } from './authProvider/CrmGuard';
import { usePublicPages } from './authProvider/loadPublicPages';
import { takeReturnTo } from './authProvider/returnTo';
import type { Session } from './authProvider/session';

// The customer's survey page, the unsubscribe link's page and the online offer: public, no sign-in.
const SurveyPage = lazy(() => import('./survey/SurveyPage'));
const UnsubscribePage = lazy(() => import('./unsubscribe/UnsubscribePage'));
const PublicOfferPage = lazy(() => import('./resources/offerOnline/PublicOfferPage'));

/**
 * The top-level routes: login, zugriff, the public survey and unsubscribe pages, the guarded /crm, and
 * everything else to the dashboard.
 */
export function AppRoutes({ session }: { session: Session }) {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route
          path="/login"
          element={<PublicPage render={({ LoginRoute }) => <LoginRoute session={session} />} />}
        />
        <Route
          path="/zugriff"
          element={<PublicPage render={({ AccessDeniedRoute }) => <AccessDeniedRoute />} />}
        />
        <Route path="/umfrage/:token" element={<SurveyPage />} />
        <Route path="/abmelden/:token" element={<UnsubscribePage />} />
        <Route path="/angebot/:token" element={<PublicOfferPage />} />
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

/**
 * The sign-in page or "Zugriff verweigert" (their files come with the entry's everywhere but on a phone's
 * landing, which reaches them only when nobody is signed in there).
 */
function PublicPage({
  render,
}: {
  render: (pages: NonNullable<ReturnType<typeof usePublicPages>>) => ReactNode;
}) {
  const pages = usePublicPages();
  return pages ? render(pages) : null;
}
