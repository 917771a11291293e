import { Avatar } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { endpointKey } from '../../api/endpoint';
import { useEndpointClient } from '../../api/useEndpoint';
import { getUserProfileImage } from './users.endpoints';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** A person's directory photo (user/getUserProfileImage), or their initials when there is none. */
export function UserAvatar({ azureId, name, size = 32 }: { azureId?: string; name: string; size?: number }) {
  const api = useEndpointClient();
  const { data: photo } = useQuery({
    queryKey: [...endpointKey(getUserProfileImage), azureId],
    queryFn: () => api.download(getUserProfileImage, { params: { azureId: azureId! } }).catch(() => null),
    enabled: Boolean(azureId),
    staleTime: 60 * 60_000,
  });
  // 204 (no photo) arrives as an empty blob: the initials stay.
  const url = useMemo(() => (photo?.size ? URL.createObjectURL(photo) : undefined), [photo]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <Avatar src={url} alt="" sx={{ width: size, height: size, fontSize: size * 0.42 }}>
      {initialsOf(name)}
    </Avatar>
  );
}
