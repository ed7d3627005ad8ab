import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { Place } from 'shared-kernel/schemas';
import { mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { PlaceField } from './place-field';

const place = (name: string): Place => ({
  id: name.toLowerCase(),
  name,
  kind: 'linn',
  county: `${name} maakond`,
  lat: 58.38,
  lon: 26.72,
  label: `${name}, ${name} maakond`,
});

function Field({ onSelect }: { onSelect: (p: Place) => void }) {
  const [text, setText] = useState('');
  return <PlaceField value={text} onText={setText} onSelect={onSelect} />;
}

describe('PlaceField', () => {
  it('suggests places for the typed text and picks one', async () => {
    const api = mockApi({ 'GET /places/autocomplete': ({ query }) => (String(query?.q).startsWith('tar') ? [place('Tartu')] : []) });
    const onSelect = jest.fn();
    renderWithPlatform(<Field onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Asukoht' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'tar' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: 'Tartu, Tartu maakond' }));
    expect(onSelect).toHaveBeenCalledWith(place('Tartu'));
    expect(api.requests('GET /places/autocomplete')[0].query).toEqual({ q: 'tar', limit: 8 });
  });

  it('shows no suggestions once the text is cleared', async () => {
    mockApi({ 'GET /places/autocomplete': () => [place('Tartu')] });
    renderWithPlatform(<Field onSelect={jest.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Asukoht' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'tar' } });
    expect(await screen.findByRole('option')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
  });
});
