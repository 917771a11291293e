import { Chip } from '@mui/material';
import { textOn } from '../generic/chipColors';
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
      // White on the Passive's amber reached 2.5:1: the text takes black or white by contrast, as label chips do.
      sx={{
        bgcolor: categoryColor(score),
        color: textOn(categoryColor(score)),
        fontWeight: 700,
        minWidth: 36,
      }}
    />
  );
}
