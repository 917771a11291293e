import { Suspense, type ReactNode } from 'react';
import { Layout, Loading } from 'react-admin';
import { CrmMenu } from './CrmMenu';

/** The frame around every /crm screen; areas load lazily inside it. */
export function CrmLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={CrmMenu}>
      <Suspense fallback={<Loading loadingPrimary="ra.page.loading" loadingSecondary="ra.message.loading" />}>
        {children}
      </Suspense>
    </Layout>
  );
}
