import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Avatar, Box, Card, IconButton, Tooltip, Typography } from '@mui/material';
import { memo, type MouseEvent } from 'react';
import { formatEuroCents } from '../../../i18n/format';
import { VorgangLabelChips } from '../VorgangLabelChips';
import { daysInStatusText } from './cardTexts';
import type { KanbanCard } from './kanbanTypes';

/** The height every card takes in a column (the virtual lists place cards by it). */
export const CARD_HEIGHT = 148;
/** Space between cards, inside each card's slot so the drag library measures it with the card. */
export const CARD_GAP = 8;

/** One card: number, customer, Bezeichnung, value (Summe netto, else „geschätzt“), labels, seller's initials, days in this status. */
export const KanbanCardView = memo(function KanbanCardView({
  card,
  zone,
  dragging = false,
  pending = false,
  onOpen,
  onMenu,
}: {
  card: KanbanCard;
  zone: string;
  dragging?: boolean;
  pending?: boolean;
  onOpen?: (id: number) => void;
  onMenu?: (id: number, anchor: HTMLElement) => void;
}) {
  const days = daysInStatusText(card.customStatusSince, zone);
  const open = (event: MouseEvent) => {
    if (event.defaultPrevented) return;
    onOpen?.(card.id);
  };
  return (
    <Card
      variant="outlined"
      onClick={open}
      data-card-id={card.id}
      sx={{
        height: CARD_HEIGHT - CARD_GAP,
        p: 1.25,
        pr: 0.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 0.25,
        '& > *': { flexShrink: 0 },
        cursor: 'pointer',
        overflow: 'hidden',
        boxShadow: dragging ? 6 : 0,
        opacity: pending ? 0.75 : 1,
        transition: 'box-shadow 150ms',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography variant="caption" sx={{ fontWeight: 600, color: 'text.secondary', flexShrink: 0 }}>
          {card.vorgangNumber}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', flex: 1, textAlign: 'right' }} noWrap>
          {days}
        </Typography>
        {onMenu && (
          <IconButton
            size="small"
            aria-label={`Aktionen für ${card.vorgangNumber}`}
            onClick={(event) => {
              event.preventDefault();
              event.stopPropagation();
              onMenu(card.id, event.currentTarget);
            }}
            sx={{ p: 0.25 }}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600, pr: 0.75 }} noWrap title={card.customerName}>
        {card.customerName}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', pr: 0.75 }} noWrap title={card.title}>
        {card.title}
      </Typography>
      <Box sx={{ height: 26, overflow: 'hidden', pr: 0.75, '& .MuiChip-root': { height: 22 } }}>
        <VorgangLabelChips labels={card.labels} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', mt: 'auto', pr: 0.75 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }} noWrap>
          {formatEuroCents(card.valueCents)}
          {card.estimated && (
            <Typography
              component="span"
              variant="caption"
              sx={{ fontWeight: 400, color: 'text.secondary', ml: 0.5 }}
              title="Noch kein Beleg: vom Verkäufer geschätzter Wert"
            >
              geschätzt
            </Typography>
          )}
        </Typography>
        {card.seller && (
          <Tooltip title={`Verkäufer: ${card.seller.name}`}>
            <Avatar sx={{ width: 26, height: 26, fontSize: 12, bgcolor: 'primary.main' }}>
              {card.seller.initials}
            </Avatar>
          </Tooltip>
        )}
      </Box>
    </Card>
  );
});
