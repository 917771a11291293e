import { CssBaseline } from '@mui/material';
import { useMemo, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import {
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  Notification,
  ResourceDefinitionContext,
  type ResourceDefinition,
} from 'react-admin';

// No locale is stored up front, though react-admin then draws the app one effect later: with `de` stored, cold
// dashboard loads were 3–9 % slower (they drew before their figures were there).
const store = localStorageStore();

type CrmAdminProps = Omit<ComponentProps<typeof AdminContext>, 'children' | 'store'> &
  Omit<ComponentProps<typeof CoreAdminUI>, 'children' | 'loginPage'> & {
    children: ReactNode;
    /** The resources' definitions as their `<Resource>`s will register them. */
    definitions: Readonly<Record<string, ResourceDefinition>>;
    /** The frame (top bar, menu) around react-admin's routes. */
    frame: ComponentType<{ children: ReactNode }>;
  };

// The screens go straight into the frame: react-admin's own layout slot stays empty.
const Screens = ({ children }: { children: ReactNode }) => <>{children}</>;

// Every resource is declared up front (RESOURCE_DEFINITIONS): the registrations of react-admin's <Resource>s,
// which it repeats each time it sets its routes (three times after mounting), change nothing and draw nothing.
const ignore = () => undefined;

/**
 * react-admin's `<Admin>` put together from its parts, without its login page: the sign-in is MSAL's,
 * and `<Admin>`'s default login form would load the form library with every page of the app. The resource
 * definitions are there from the first render instead of arriving one effect later (and fixed: see `ignore`). The frame stands around
 * react-admin's routes, not inside them: react-admin sets its routes again after mounting (and registers the
 * resources anew), and everything inside its routes is drawn again each time; the menu and top bar are not.
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
  frame: Frame,
  ...ui
}: CrmAdminProps) {
  const resources = useMemo(
    () => ({ definitions: { ...definitions }, register: ignore, unregister: ignore }),
    [definitions],
  );
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
        <ResourceDefinitionContext.Provider value={resources}>
          <Frame>
            <CoreAdminUI
              error={ErrorPage}
              loading={LoadingPage}
              authenticationError={AuthenticationError}
              {...ui}
              layout={Screens}
              loginPage={false}
            >
              {children}
            </CoreAdminUI>
          </Frame>
          <Notification />
        </ResourceDefinitionContext.Provider>
      </CssBaseline>
    </AdminContext>
  );
}
