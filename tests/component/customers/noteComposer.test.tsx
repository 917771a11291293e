import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NoteComposer } from '../support/app';
import { renderInAdmin } from '../support/render';

describe('note composer', () => {
  it('shows the limit and the count as the user types, and refuses to save a note over it (bug 9)', async () => {
    renderInAdmin(<NoteComposer customerId={1} focusSignal={0} />);
    const note = await screen.findByRole('textbox', { name: 'Neue Notiz' });
    expect(screen.getByText('0 / 5.000 Zeichen')).toBeTruthy();
    fireEvent.change(note, { target: { value: 'Rückruf vereinbart' } });
    expect(screen.getByText('18 / 5.000 Zeichen')).toBeTruthy();
    fireEvent.change(note, { target: { value: 'x'.repeat(5001) } });
    expect(screen.getByText('5.001 / 5.000 Zeichen – bitte kürzen Sie die Notiz.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Notiz speichern' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
