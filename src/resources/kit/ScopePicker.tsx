import { MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { usePermissions } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { endpointKey } from '../../api/endpoint';
import { useEndpointClient } from '../../api/useEndpoint';
import { GROUPS } from '../../auth/groups';
import { getUsersInMyGroup } from '../users/users.endpoints';

/** Whose items a view shows; kept in the URL (?scope=branch, ?scope=user&userId=3) so it can be linked. */
export interface DueScope {
  scope?: 'mine' | 'branch' | 'user';
  userId?: number;
}

/** Reads the scope from the URL; whether the caller may switch it (leads: APP_ADMIN_VERKAUF). */
export function useDueScope() {
  const [params, setParams] = useSearchParams();
  const { permissions = [] } = usePermissions<string[]>();
  const lead = permissions.includes(GROUPS.adminVerkauf);
  const raw = params.get('scope');
  const userId = Number(params.get('userId'));
  const scope: DueScope =
    lead && raw === 'branch'
      ? { scope: 'branch' }
      : lead && raw === 'user' && Number.isInteger(userId) && userId > 0
        ? { scope: 'user', userId }
        : {};
  const setScope = (next: DueScope) => {
    const search = new URLSearchParams();
    if (next.scope && next.scope !== 'mine') search.set('scope', next.scope);
    if (next.userId) search.set('userId', String(next.userId));
    setParams(search, { replace: true });
  };
  return { scope, setScope, lead };
}

/** For leads: Meine / Filiale / one seller of the branch. Nothing for everyone else. */
export function ScopePicker({ scope, setScope, lead }: ReturnType<typeof useDueScope>) {
  const api = useEndpointClient();
  const colleagues = useQuery({
    queryKey: endpointKey(getUsersInMyGroup),
    queryFn: () => api.call(getUsersInMyGroup).catch(() => []),
    enabled: lead,
  });
  if (!lead) return null;
  const current = scope.scope ?? 'mine';
  const users = colleagues.data ?? [];
  return (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={current}
        aria-label="Ansicht"
        // The theme's default for unselected buttons is too pale against white (WCAG contrast).
        sx={{ '& .MuiToggleButton-root:not(.Mui-selected):not(.Mui-disabled)': { color: 'text.primary' } }}
        onChange={(_, value: DueScope['scope'] | null) => {
          if (!value) return;
          if (value === 'user') setScope({ scope: 'user', userId: scope.userId ?? users[0]?.id });
          else setScope({ scope: value });
        }}
      >
        <ToggleButton value="mine">Meine</ToggleButton>
        <ToggleButton value="branch">Filiale</ToggleButton>
        <ToggleButton value="user" disabled={users.length === 0}>
          Verkäufer
        </ToggleButton>
      </ToggleButtonGroup>
      {current === 'user' && (
        <TextField
          select
          size="small"
          label="Verkäufer"
          value={scope.userId ?? ''}
          onChange={(event) => setScope({ scope: 'user', userId: Number(event.target.value) })}
          sx={{ minWidth: 200 }}
        >
          {users.map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {user.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}
