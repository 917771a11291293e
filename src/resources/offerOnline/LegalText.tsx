import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';

/** One legal text of the offer (AGB, Widerrufsbelehrung, Muster-Widerrufsformular), folded until opened. */
export function LegalText({ title, text }: { title: string; text: { body: string } }) {
  return (
    <Accordion disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {text.body}
        </Typography>
      </AccordionDetails>
    </Accordion>
  );
}
