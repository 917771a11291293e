import { CssBaseline } from '@mui/material';
import type { ComponentProps, ReactNode } from 'react';
import {
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  Notification,
  ResourceDefinitionContextProvider,
  type ResourceDefinition,
} from 'react-admin';

const store = localStorageStore();

type CrmAdminProps = Omit<ComponentProps<typeof AdminContext>, 'children' | 'store'> &
  Omit<ComponentProps<typeof CoreAdminUI>, 'children' | 'loginPage'> & {
    children: ReactNode;
    /** The resources' definitions as their `<Resource>`s will register them. */
    definitions: Readonly<Record<string, ResourceDefinition>>;
  };

/**
 * react-admin's `<Admin>` put together from its parts, without its login page: the sign-in is MSAL's,
 * and `<Admin>`'s default login form would load the form library with every page of the app. The resource
 * definitions are there from the first render instead of arriving one effect later.
 */
export function CrmAdmin({
  authProvider,
  basename,
  dataProvider,
  i18nProvider,
  queryClient,
  theme,
  children,
  definitions,
  ...ui
}: CrmAdminProps) {
  return (
    <AdminContext
      authProvider={authProvider}
      basename={basename}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <ResourceDefinitionContextProvider definitions={{ ...definitions }}>
          <CoreAdminUI
            error={ErrorPage}
            loading={LoadingPage}
            authenticationError={AuthenticationError}
            {...ui}
            loginPage={false}
          >
            {children}
          </CoreAdminUI>
          <Notification />
        </ResourceDefinitionContextProvider>
      </CssBaseline>
    </AdminContext>
  );
}
