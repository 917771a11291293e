import { Backdrop, CircularProgress } from '@mui/material';
import { lazy, Suspense, type ComponentProps } from 'react';

// The dialog brings the forms' validation and the date picker (about 90 kB gzip together). The Vorgänge list
// and a customer's Vorgänge tab load it when "Neuer Vorgang" is pointed at or clicked, not with the list.
const loadDialog = () => import('./NewVorgangDialog');
const NewVorgangDialog = lazy(() => loadDialog().then((m) => ({ default: m.NewVorgangDialog })));

/** Asks for the dialog's code ahead of the click (pointer over or focus on "Neuer Vorgang"). */
export const preloadNewVorgangDialog = (): void => void loadDialog().catch(() => undefined);

/** "Neuer Vorgang", loaded on first use; a spinner over the page while its code arrives. */
export function LazyNewVorgangDialog(props: ComponentProps<typeof NewVorgangDialog>) {
  return (
    <Suspense
      fallback={
        <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
          <CircularProgress aria-label="Wird geladen" />
        </Backdrop>
      }
    >
      <NewVorgangDialog {...props} />
    </Suspense>
  );
}
