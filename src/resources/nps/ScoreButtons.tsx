import { Box, FormHelperText, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { categoryColor } from './nps.rules';

const SCORES = Array.from({ length: 11 }, (_, score) => score);

/**
 * The score 0-10 as a row of buttons coloured by category: one row from 600 px on (the buttons share the width,
 * at most `width` each), two rows on a phone; a radio-like group for screen readers, labelled by `labelId`.
 */
export function ScoreButtons({
  value,
  onChange,
  labelId,
  error,
  size = 'medium',
}: {
  value: number | null;
  onChange: (score: number) => void;
  labelId: string;
  error?: string;
  size?: 'small' | 'medium';
}) {
  const width = size === 'small' ? 40 : 44;
  return (
    <Box sx={{ maxWidth: width * 11 + 60 }}>
      <ToggleButtonGroup
        exclusive
        value={value}
        onChange={(_event, score: number | null) => score !== null && onChange(score)}
        aria-labelledby={labelId}
        aria-describedby={error ? `${labelId}-error` : undefined}
        sx={{
          display: 'flex',
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          gap: 0.75,
          '& .MuiToggleButtonGroup-grouped': { m: 0 },
        }}
      >
        {SCORES.map((score) => (
          <ToggleButton
            key={score}
            value={score}
            aria-label={`${score} von 10`}
            sx={{
              width: { xs: width, sm: 'auto' },
              height: { xs: width, sm: 'auto' },
              // From 600 px on, eleven in a row: narrower where the card is (a 44 px button fits 540 px).
              flex: { sm: '1 1 0' },
              maxWidth: width,
              minWidth: 0,
              aspectRatio: '1',
              p: 0,
              fontSize: size === 'small' ? '1rem' : '1.15rem',
              fontWeight: 600,
              border: `2px solid ${categoryColor(score)} !important`,
              borderRadius: '8px !important',
              color: categoryColor(score),
              '&.Mui-selected, &.Mui-selected:hover': { bgcolor: categoryColor(score), color: '#fff' },
            }}
          >
            {score}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {/* Each end of the scale stays one line; on a phone the second goes below the first, right-aligned,
          instead of both running together. */}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 2,
          mt: 0.5,
          '& > *': { whiteSpace: 'nowrap' },
        }}
      >
        <Typography variant="caption" color="text.secondary">
          0 = gar nicht wahrscheinlich
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          10 = äußerst wahrscheinlich
        </Typography>
      </Box>
      {error && (
        <FormHelperText error id={`${labelId}-error`}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
