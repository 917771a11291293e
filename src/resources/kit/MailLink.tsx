import { Box, Link as MuiLink, type SxProps, type Theme } from '@mui/material';

/**
 * An e-mail address as a mailto: link in the theme's colour. It breaks only before its "@", never inside a word
 * ("…@outlook.co" / "m"); a part too long for its line ends in "…" on screen, while the link's text, its title
 * and its address stay whole.
 */
export function MailLink({ address, sx }: { address: string; sx?: SxProps<Theme> }) {
  const at = address.lastIndexOf('@');
  const parts = at > 0 ? [address.slice(0, at), address.slice(at)] : [address];
  return (
    <MuiLink
      href={`mailto:${address}`}
      title={address}
      // Its parts are boxes of their own: without a name of its own the link is read with a gap before the "@".
      aria-label={address}
      sx={[
        {
          display: 'inline-flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          maxWidth: '100%',
          verticalAlign: 'bottom',
        },
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    >
      {parts.map((part, index) => (
        <Box
          component="span"
          key={index}
          sx={{
            minWidth: 0,
            maxWidth: '100%',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {part}
        </Box>
      ))}
    </MuiLink>
  );
}
