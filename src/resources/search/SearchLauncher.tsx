import SearchIcon from '@mui/icons-material/Search';
import { GlobalStyles, IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ENTITIES } from '../registry';
import { isTyping, markedRow, moveRow, openMarkedRow } from './keyboardRows';

// The dialogs' code comes when first asked for (or when the pointer reaches the button), not with the page.
const loadCommandMenu = () => import('./CommandMenu');
const loadKeyboardHelp = () => import('./KeyboardHelp');
const CommandMenu = lazy(loadCommandMenu);
const KeyboardHelp = lazy(loadKeyboardHelp);

// Lists whose page is not a generated entity list: "/" opens the search there too.
const LIST_PAGES = [
  '/crm/vorgang',
  '/crm/vorgang/faellig',
  '/crm/vorgang/kartenansicht',
  '/crm/todos',
  '/crm/todos/aktivitaeten',
];
const isListPage = (path: string) =>
  LIST_PAGES.includes(path.replace(/\/$/, '')) || ENTITIES.some((entity) => path === `/crm/${entity.name}`);

/**
 * The search button of the top bar, and the app's keyboard: Strg+K/⌘K anywhere, "/" on a list, "?" for the
 * overview, j/k and arrows between a list's rows, Enter to open, Backspace back. Only Strg+K works while the
 * cursor is in a field; nothing fires while a dialog is open (it has its own keys).
 */
export function SearchLauncher() {
  const [open, setOpen] = useState<'search' | 'help' | null>(null);
  const [loaded, setLoaded] = useState({ help: false });
  const navigate = useNavigate();
  // What is typed between Strg+K and the search box taking the cursor (its code may still be on its way):
  // the box starts with it, and the letters never reach the page's own keys (j, k, Backspace).
  // Not for long (`since`): a box that never came (its code did not load) must not keep the keyboard.
  const typedAhead = useRef<{ text: string; since: number } | null>(null);

  useEffect(() => {
    const show = (which: 'search' | 'help') => {
      if (which === 'help') setLoaded({ help: true });
      if (which === 'search') typedAhead.current = { text: '', since: Date.now() };
      setOpen(which);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const ahead = typedAhead.current;
      if (ahead && Date.now() - ahead.since <= 10_000) {
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        if (event.key === 'Escape') typedAhead.current = null;
        else if (event.key === 'Backspace') ahead.text = ahead.text.slice(0, -1);
        else if (event.key.length === 1) ahead.text += event.key;
        else return;
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      typedAhead.current = null;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        show('search');
        return;
      }
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      // An open dialog or menu has its own keys; closed ones a list keeps mounted (hidden) do not count.
      if (document.querySelector('.MuiModal-root:not(.MuiModal-hidden)')) return;
      const path = window.location.pathname;
      if (event.key === '?') {
        event.preventDefault();
        show('help');
      } else if (event.key === '/' && isListPage(path)) {
        event.preventDefault();
        show('search');
      } else if (event.altKey) {
        return;
      } else if (event.key === 'j' || (event.key === 'ArrowDown' && markedRow() === document.activeElement)) {
        if (moveRow(1)) event.preventDefault();
      } else if (event.key === 'k' || (event.key === 'ArrowUp' && markedRow() === document.activeElement)) {
        if (moveRow(-1)) event.preventDefault();
      } else if (event.key === 'Enter') {
        if (openMarkedRow()) event.preventDefault();
      } else if (event.key === 'Backspace' && path !== '/crm/dashboard') {
        event.preventDefault();
        navigate(-1);
      }
    };
    // Capturing: the letters typed ahead are taken before anything on the page sees them.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [navigate]);

  return (
    <>
      <GlobalStyles
        styles={(theme) => ({
          '[data-tastatur-zeile]': {
            outline: `2px solid ${theme.palette.primary.main}`,
            outlineOffset: -2,
            backgroundColor: theme.palette.action.hover,
          },
        })}
      />
      <Tooltip title="Suchen (Strg + K)">
        <IconButton
          aria-label="Suchen"
          aria-keyshortcuts="Control+K Meta+K"
          onPointerEnter={() => void loadCommandMenu()}
          onClick={() => {
            typedAhead.current = { text: '', since: Date.now() };
            setOpen('search');
          }}
        >
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <Suspense fallback={null}>
        {/* Mounted per opening: an empty box and the recent records as they are now. */}
        {open === 'search' && (
          <CommandMenu
            onClose={() => setOpen(null)}
            takeTypedAhead={() => {
              const text = typedAhead.current?.text ?? '';
              typedAhead.current = null;
              return text;
            }}
          />
        )}
        {loaded.help && <KeyboardHelp open={open === 'help'} onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
