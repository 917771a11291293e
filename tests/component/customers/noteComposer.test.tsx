import { fireEvent, screen } from '@testing-library/react';
import { Link, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { NoteComposer } from '../support/app';
import { renderInAdmin } from '../support/render';

describe('note composer', () => {
  it('shows the limit and the count as the user types, and refuses to save a note over it', async () => {
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

  it('asks before a link leaves a typed note, keeps it on "Abbrechen", and warns on reload', async () => {
    const Where = () => <output aria-label="Adresse">{useLocation().pathname}</output>;
    renderInAdmin(
      <>
        <NoteComposer customerId={1} focusSignal={0} />
        <Link to="/crm/todos">Todos</Link>
        <Where />
      </>,
      '/crm/kunden/1/show',
    );
    const note = await screen.findByRole('textbox', { name: 'Neue Notiz' });
    fireEvent.change(note, { target: { value: 'Halb geschrieben' } });
    // "Abbrechen" in the browser's confirm (happy-dom has none of its own).
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(screen.getByRole('link', { name: 'Todos' }));
    await vi.waitFor(() =>
      expect(confirm).toHaveBeenCalledWith(
        'Einige Änderungen wurden nicht gespeichert. Möchten Sie sie wirklich verwerfen?',
      ),
    );
    expect(screen.getByRole('status', { name: 'Adresse' }).textContent).toBe('/crm/kunden/1/show');
    expect((note as HTMLTextAreaElement).value).toBe('Halb geschrieben');
    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);
    vi.unstubAllGlobals();
  });
});
