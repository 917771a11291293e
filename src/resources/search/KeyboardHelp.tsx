import {
  Dialog,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { Fragment } from 'react';

const SECTIONS: { title: string; keys: [string, string][] }[] = [
  {
    title: 'Überall',
    keys: [
      ['Strg + K (Mac: ⌘ + K)', 'Suche über Kunden, Vorgänge, Belege und Seiten'],
      ['?', 'Diese Übersicht'],
      ['Rücktaste oder Alt + ←', 'Zurück zur vorigen Seite'],
      ['Esc', 'Dialog oder Suche schließen'],
    ],
  },
  {
    title: 'In Listen',
    keys: [
      ['/', 'Suche öffnen'],
      ['j oder ↓', 'Nächste Zeile'],
      ['k oder ↑', 'Vorige Zeile'],
      ['Enter', 'Markierte Zeile öffnen'],
    ],
  },
  {
    title: 'In der Suche',
    keys: [
      ['↑ ↓', 'Treffer wählen'],
      ['Enter', 'Treffer öffnen'],
    ],
  },
  {
    title: 'Kartenansicht',
    keys: [
      ['Tab', 'Zur nächsten Karte'],
      ['Leertaste', 'Karte aufnehmen, dann wieder ablegen'],
      ['← → ↑ ↓', 'Aufgenommene Karte in eine andere Spalte oder Position schieben'],
      ['Esc', 'Verschieben abbrechen'],
    ],
  },
];

/** "?": the shortcuts, none of which fire while the cursor is in a field. */
export default function KeyboardHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="tastenkuerzel-titel">
      <DialogTitle id="tastenkuerzel-titel">Tastenkürzel</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {SECTIONS.map((section) => (
              <Fragment key={section.title}>
                <TableRow>
                  <TableCell colSpan={2} sx={{ pt: 2, fontWeight: 600, borderBottom: 0 }}>
                    {section.title}
                  </TableCell>
                </TableRow>
                {section.keys.map(([key, what]) => (
                  <TableRow key={key}>
                    <TableCell sx={{ whiteSpace: 'nowrap', width: '40%' }}>
                      <kbd>{key}</kbd>
                    </TableCell>
                    <TableCell>{what}</TableCell>
                  </TableRow>
                ))}
              </Fragment>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Solange Sie in einem Eingabefeld schreiben, wirken nur Strg + K und Esc.
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
