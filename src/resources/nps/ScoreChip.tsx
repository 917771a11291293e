import { Chip } from '@mui/material';
import { categoryColor, categoryOf, NPS_CATEGORIES } from './nps.rules';

/** A score as a chip coloured by its category (Kritiker red, Passive amber, Promotoren green). */
export function ScoreChip({ score }: { score: number }) {
  const category = NPS_CATEGORIES.find((c) => c.id === categoryOf(score))!;
  return (
    <Chip
      size="small"
      label={score}
      title={category.name}
      aria-label={`${score} von 10, ${category.name}`}
      sx={{ bgcolor: categoryColor(score), color: '#fff', fontWeight: 700, minWidth: 36 }}
    />
  );
}
