import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import CheckIcon from '@mui/icons-material/Check';
import StarIcon from '@mui/icons-material/Star';
import { Button, Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { endpointKey } from '../../api/endpoint';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import type { ListState } from './listState';
import { SaveViewDialog, type SaveViewInput } from './SaveViewDialog';
import {
  createSavedView,
  deleteSavedView,
  getSavedViews,
  setDefaultSavedView,
  updateSavedView,
  type ListKeyName,
  type SavedView,
} from './savedViews.endpoints';

const GROUP_TITLES = { personal: 'Meine Ansichten', branch: 'Filiale', all: 'Für alle' } as const;

/**
 * "Ansicht ▾" above a list: the saved views the person may use (own, the branch's, everyone's), applied through
 * the list's own state; save the current one, overwrite, make it the default, delete. Views live on the server,
 * so they follow the person to another device, and a shared view changed by someone else is changed for all
 * (a stale overwrite gets the server's 409 message and the fresh list).
 */
export function SavedViewsMenu({ listKey, state }: { listKey: ListKeyName; state: ListState }) {
  const notify = useNotify();
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const input = { query: { listKey } };
  const { data } = useEndpoint(getSavedViews, input, { staleTime: 10_000 });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<null | 'save' | 'edit'>(null);
  const idempotency = useIdempotencyKey(dialog === 'save');
  const defaultApplied = useRef(false);
  const views = data?.views ?? [];
  const active = views.find((view) => view.id === activeId);

  // The person's default, once, when the list was opened without filters of its own.
  useEffect(() => {
    if (defaultApplied.current || !data) return;
    defaultApplied.current = true;
    const preferred = data.views.find((view) => view.id === data.defaultViewId);
    if (preferred && state.bare) {
      state.apply(preferred.state);
      // Once per opening of the list, after the views arrived from the server: the picker names what it applied.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setActiveId(preferred.id);
    }
  }, [data, state]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(getSavedViews, input) });
  const failed = (error: unknown) => {
    notify(error instanceof Error ? error.message : 'Die Ansicht konnte nicht gespeichert werden.', {
      type: 'error',
    });
    void refresh();
  };

  const choose = (view: SavedView) => {
    setAnchor(null);
    state.apply(view.state);
    setActiveId(view.id);
  };

  const save = async (values: SaveViewInput) => {
    const body = {
      name: values.name,
      state: state.current,
      visibility: values.visibility,
      ...(values.visibility === 'branch' && values.branchId ? { branchId: values.branchId } : {}),
    };
    try {
      const saved =
        dialog === 'edit' && active
          ? await api.call(updateSavedView, {
              params: { id: active.id },
              body: { ...body, version: active.version },
            })
          : await api.call(createSavedView, { body: { listKey, ...body }, idempotencyKey: idempotency.key });
      if (values.makeDefault) {
        await api.call(setDefaultSavedView, { body: { listKey, viewId: saved.id } });
      }
      setActiveId(saved.id);
      setDialog(null);
      notify(`Ansicht „${saved.name}“ gespeichert.`, { type: 'success' });
      await refresh();
    } catch (error) {
      failed(error);
    }
  };

  const toggleDefault = async () => {
    setAnchor(null);
    if (!active) return;
    const viewId = data?.defaultViewId === active.id ? null : active.id;
    try {
      await api.call(setDefaultSavedView, { body: { listKey, viewId } });
      notify(viewId ? `„${active.name}“ ist jetzt Ihre Standardansicht.` : 'Keine Standardansicht mehr.', {
        type: 'info',
      });
      await refresh();
    } catch (error) {
      failed(error);
    }
  };

  const remove = async () => {
    setAnchor(null);
    if (!active || !window.confirm(`Ansicht „${active.name}“ löschen?`)) return;
    try {
      await api.call(deleteSavedView, { params: { id: active.id }, query: { version: active.version } });
      setActiveId(null);
      await refresh();
    } catch (error) {
      failed(error);
    }
  };

  const groups = (['personal', 'branch', 'all'] as const)
    .map((visibility) => ({ visibility, views: views.filter((view) => view.visibility === visibility) }))
    .filter((group) => group.views.length > 0);

  return (
    <>
      <Button
        size="small"
        startIcon={<BookmarksOutlinedIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-label={`Gespeicherte Ansichten${active ? `: ${active.name}` : ''}`}
        sx={{ maxWidth: { xs: 160, sm: 260 }, '& .MuiButton-startIcon': { ml: 0 } }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {active ? active.name : 'Ansichten'}
        </span>
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {groups.flatMap((group) => [
          <ListSubheader key={`h-${group.visibility}`} sx={{ lineHeight: '32px' }}>
            {GROUP_TITLES[group.visibility]}
          </ListSubheader>,
          ...group.views.map((view) => (
            <MenuItem key={view.id} selected={view.id === activeId} onClick={() => choose(view)}>
              <ListItemIcon>{view.id === activeId ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText
                primary={view.name}
                secondary={
                  [view.visibility === 'branch' ? view.branchName : null, view.mine ? null : view.ownerName]
                    .filter(Boolean)
                    .join(' · ') || undefined
                }
              />
              {view.id === data?.defaultViewId && (
                <StarIcon fontSize="small" color="warning" titleAccess="Standardansicht" sx={{ ml: 1 }} />
              )}
            </MenuItem>
          )),
        ])}
        {groups.length === 0 && (
          <MenuItem disabled>
            <ListItemText primary="Noch keine gespeicherten Ansichten" />
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setDialog('save');
          }}
        >
          Aktuelle Filter als neue Ansicht speichern …
        </MenuItem>
        {active?.editable && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setDialog('edit');
            }}
          >
            „{active.name}“ mit den aktuellen Filtern überschreiben …
          </MenuItem>
        )}
        {active && (
          <MenuItem onClick={() => void toggleDefault()}>
            {data?.defaultViewId === active.id
              ? 'Nicht mehr als Standard öffnen'
              : 'Beim Öffnen der Liste verwenden'}
          </MenuItem>
        )}
        {active?.editable && <MenuItem onClick={() => void remove()}>„{active.name}“ löschen</MenuItem>}
        {active && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setActiveId(null);
              state.apply({ filter: {} });
            }}
          >
            Filter zurücksetzen
          </MenuItem>
        )}
      </Menu>
      {dialog && (
        <SaveViewDialog
          title={dialog === 'edit' ? 'Ansicht überschreiben' : 'Ansicht speichern'}
          initial={
            dialog === 'edit' && active
              ? {
                  name: active.name,
                  visibility: active.visibility,
                  branchId: active.branchId ?? undefined,
                  makeDefault: data?.defaultViewId === active.id,
                }
              : { name: '', visibility: 'personal', makeDefault: false }
          }
          mayShare={data?.mayShare ?? false}
          branches={data?.branches ?? []}
          onCancel={() => setDialog(null)}
          onSave={save}
        />
      )}
    </>
  );
}
