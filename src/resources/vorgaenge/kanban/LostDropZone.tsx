import ThumbDownIcon from '@mui/icons-material/ThumbDownOffAlt';
import { Box, Typography } from '@mui/material';
import type { Ref } from 'react';

/**
 * "Verloren" at the bottom of the window while a card is dragged (as Pipedrive's board shows it): a card dropped
 * here is not moved but asked for its Verlustgrund (LostDialog), then lost for real. It lies over the columns'
 * lower end, so it is no droppable of the drag library (which picks among overlapping droppables by distance,
 * here a tie with the card's own column): `useLoseFromBoard` tracks whether the pointer is over it.
 */
export function LostDropZone({ zoneRef, over }: { zoneRef: Ref<HTMLDivElement>; over: boolean }) {
  return (
    <Box
      ref={zoneRef}
      role="region"
      aria-label="Ablage Verloren"
      sx={{
        position: 'fixed',
        left: '50%',
        bottom: 16,
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.appBar + 1,
        width: 'min(520px, calc(100vw - 32px))',
        height: 72,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        px: 2,
        borderRadius: 2,
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'error.main',
        bgcolor: over ? 'error.main' : 'background.paper',
        color: over ? 'error.contrastText' : 'error.main',
        boxShadow: 8,
        transition: 'background-color 120ms',
      }}
    >
      <ThumbDownIcon />
      <Typography sx={{ fontWeight: 600 }}>Verloren</Typography>
      <Typography variant="body2" noWrap>
        – hierher ziehen, dann den Verlustgrund wählen
      </Typography>
    </Box>
  );
}
