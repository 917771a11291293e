import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Card, IconButton } from '@mui/material';
import { styled } from '@mui/material/styles';
import { memo, type MouseEvent } from 'react';
import { formatEuroCents } from '../../../i18n/format';
import { VorgangLabelChips } from '../VorgangLabelChips';
import { stagnantShortText, stagnantText } from '../stagnantText';
import { daysInStatusText } from './cardTexts';
import type { KanbanCard } from './kanbanTypes';

/** The height every card takes in a column (the virtual lists place cards by it). */
export const CARD_HEIGHT = 148;
/** Space between cards, inside each card's slot so the drag library measures it with the card. */
export const CARD_GAP = 8;

// The card's parts are styled once here, not with `sx` and a Typography per line: a board draws dozens of cards
// at once, and MUI resolves every `sx` and Typography anew in each card's render (on a phone's CPU about 12 ms a
// card, most of the board's first render).
const CardBox = styled(Card)(({ theme }) => ({
  height: CARD_HEIGHT - CARD_GAP,
  padding: theme.spacing(1.25),
  paddingRight: theme.spacing(0.5),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(0.25),
  '& > *': { flexShrink: 0 },
  cursor: 'pointer',
  overflow: 'hidden',
  transition: 'box-shadow 150ms',
  '&:hover': { borderColor: theme.palette.primary.main },
  '&[data-dragging]': { boxShadow: theme.shadows[6] },
  '&[data-pending]': { opacity: 0.75 },
}));

const Line = styled('div')({ display: 'flex', alignItems: 'center', minWidth: 0 });

const TopLine = styled(Line)(({ theme }) => ({ gap: theme.spacing(1) }));

const BottomLine = styled(Line)(({ theme }) => ({ marginTop: 'auto', paddingRight: theme.spacing(0.75) }));

const Small = styled('span')(({ theme }) => ({
  ...theme.typography.caption,
  color: theme.palette.text.secondary,
}));

const VorgangNumber = styled(Small)({ fontWeight: 600, flexShrink: 0 });

const Days = styled(Small)({
  flex: 1,
  textAlign: 'right',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

// A stagnating card says so where the days in its status stand: no extra line, the card keeps its height.
const Stagnant = styled(Days)(({ theme }) => ({ color: theme.palette.warning.dark, fontWeight: 500 }));

const Estimated = styled(Small)(({ theme }) => ({ marginLeft: theme.spacing(0.5) }));

// On a phone the theme makes every icon button a 44 px thumb target; the negative margin keeps that target but
// lets the top line stay as high as on the desk (else the card's last line, value and initials, was cut off).
const MenuButton = styled(IconButton)(({ theme }) => ({
  padding: theme.spacing(0.25),
  [theme.breakpoints.down('sm')]: { margin: theme.spacing(-1.25, 0) },
}));

const OneLine = styled('span')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
}));

const CustomerName = styled(OneLine)(({ theme }) => ({ fontWeight: 600, paddingRight: theme.spacing(0.75) }));

const Bezeichnung = styled(OneLine)(({ theme }) => ({
  color: theme.palette.text.secondary,
  paddingRight: theme.spacing(0.75),
}));

const Value = styled(OneLine)({ fontWeight: 600, flex: 1 });

const Labels = styled('div')(({ theme }) => ({
  height: 26,
  overflow: 'hidden',
  paddingRight: theme.spacing(0.75),
  '& .MuiChip-root': { height: 22 },
}));

const Initials = styled('span')(({ theme }) => ({
  width: 26,
  height: 26,
  flexShrink: 0,
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 12,
  color: theme.palette.primary.contrastText,
  backgroundColor: theme.palette.primary.main,
}));

/**
 * One card: number, customer, Bezeichnung, value (Summe netto, else „geschätzt“), labels, seller's initials, days in
 * this status, or instead the days without activity when it is stagnating.
 */
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
  const seller = card.seller && `Verkäufer: ${card.seller.name}`;
  return (
    <CardBox
      variant="outlined"
      onClick={open}
      data-card-id={card.id}
      data-dragging={dragging || undefined}
      data-pending={pending || undefined}
    >
      <TopLine>
        <VorgangNumber>{card.vorgangNumber}</VorgangNumber>
        {card.stagnantDays === null ? (
          <Days>{days}</Days>
        ) : (
          <Stagnant data-stagnant title={`Stagnierend: ${stagnantText(card.stagnantDays)}`}>
            {stagnantShortText(card.stagnantDays)}
          </Stagnant>
        )}
        {onMenu && (
          <MenuButton
            size="small"
            aria-label={`Aktionen für ${card.vorgangNumber}`}
            onClick={(event) => {
              event.preventDefault();
              event.stopPropagation();
              onMenu(card.id, event.currentTarget);
            }}
          >
            <MoreVertIcon fontSize="small" />
          </MenuButton>
        )}
      </TopLine>
      <CustomerName title={card.customerName}>{card.customerName}</CustomerName>
      <Bezeichnung title={card.title}>{card.title}</Bezeichnung>
      <Labels>
        <VorgangLabelChips labels={card.labels} />
      </Labels>
      <BottomLine>
        <Value>
          {formatEuroCents(card.valueCents)}
          {card.estimated && (
            <Estimated title="Noch kein Beleg: vom Verkäufer geschätzter Wert">geschätzt</Estimated>
          )}
        </Value>
        {card.seller && (
          <Initials role="img" title={seller ?? undefined} aria-label={seller ?? undefined}>
            {card.seller.initials}
          </Initials>
        )}
      </BottomLine>
    </CardBox>
  );
});
