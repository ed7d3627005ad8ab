import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'shared-kernel/zod';
import { useLocation } from 'shared-kernel/router';
import { FORM_ERROR, FormField, serverError, useZodForm } from 'shared-kernel/forms';
import { renderWithPlatform } from '../testing/render-with-platform';
import { messages } from '../messages';
import { ConfirmDialog, ContentDialog, firstTabUnlessKnown, FormDialog, TabbedPage } from './index';

describe('ConfirmDialog', () => {
  it('runs the action on yes, closes on no and on the close button, and holds yes back until allowed', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onClose = jest.fn();
    const { rerender } = renderWithPlatform(
      <ConfirmDialog open onClose={onClose} onConfirm={onConfirm} title="Kustutada?" canConfirm={false} testId="kustuta">
        Toode kaob.
      </ConfirmDialog>,
    );
    expect(screen.getByTestId('kustuta')).toHaveTextContent('Toode kaob.');
    expect(screen.getByRole('button', { name: messages.common.yes })).toBeDisabled();
    rerender(
      <ConfirmDialog open onClose={onClose} onConfirm={onConfirm} title="Kustutada?" testId="kustuta">
        Toode kaob.
      </ConfirmDialog>,
    );
    await user.click(screen.getByRole('button', { name: messages.common.yes }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: messages.common.no }));
    await user.click(screen.getByRole('button', { name: messages.common.close }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing while closed', () => {
    renderWithPlatform(
      <ContentDialog open={false} onClose={() => {}} title="Kalender">
        sisu
      </ContentDialog>,
    );
    expect(screen.queryByText('Kalender')).not.toBeInTheDocument();
  });
});

const Schema = z.object({ name: z.string().trim().min(1, messages.common.required) });

function NameDialog({ send, onClose = () => {} }: { send: (name: string) => Promise<void>; onClose?: () => void }) {
  const form = useZodForm(Schema, { defaultValues: { name: '' } });
  const submit = async ({ name }: { name: string }) => {
    try {
      await send(name);
    } catch {
      form.setError(FORM_ERROR, serverError('Salvestamine ebaõnnestus'));
    }
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      form={form}
      onSubmit={submit}
      testId="nimi"
      title="Sinu andmed"
      submitLabel="Salvesta"
      cancelLabel="Loobu"
    >
      <FormField<z.input<typeof Schema>> name="name" label="Nimi" />
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('validates with the schema before sending, then sends the valid values', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    renderWithPlatform(<NameDialog send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Salvesta' }));
    expect(await screen.findByText(messages.common.required)).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Nimi'), { target: { value: ' Mari ' } });
    fireEvent.submit(screen.getByTestId('nimi'));
    await waitFor(() => expect(send).toHaveBeenCalledWith('Mari'));
  });

  it('shows a refusal under the fields', async () => {
    renderWithPlatform(<NameDialog send={() => Promise.reject(new Error('no'))} />);
    fireEvent.change(screen.getByLabelText('Nimi'), { target: { value: 'Mari' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvesta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Salvestamine ebaõnnestus');
  });

  it('closes on cancel', () => {
    const onClose = jest.fn();
    renderWithPlatform(<NameDialog send={jest.fn()} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Loobu' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('TabbedPage', () => {
  function Where() {
    const loc = useLocation();
    return <p data-testid="where">{loc.search}</p>;
  }
  const tabs = [
    { id: 'active', label: 'Aktiivsed', content: <p>aktiivsete sisu</p> },
    { id: 'ended', label: 'Lõppenud', content: <p>lõppenute sisu</p> },
  ] as const;

  it('shows the tab the URL names, and puts a chosen tab in the URL', async () => {
    const user = userEvent.setup();
    renderWithPlatform(
      <>
        <TabbedPage tabs={tabs} resolve={firstTabUnlessKnown(['active', 'ended'])} label="Tellimused" />
        <Where />
      </>,
      { route: '/x?tabId=ended' },
    );
    expect(await screen.findByRole('tab', { name: 'Lõppenud', selected: true })).toBeInTheDocument();
    expect(screen.getByText('lõppenute sisu')).toBeInTheDocument();
    expect(screen.queryByText('aktiivsete sisu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Aktiivsed' }));
    expect(await screen.findByText('aktiivsete sisu')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?tabId=active'));
  });

  it('falls back to the first tab for a missing or unknown value', async () => {
    renderWithPlatform(<TabbedPage tabs={tabs} resolve={firstTabUnlessKnown(['active', 'ended'])} label="Tellimused" />, {
      route: '/x?tabId=vale',
    });
    expect(await screen.findByRole('tab', { name: 'Aktiivsed', selected: true })).toBeInTheDocument();
    expect(screen.getByText('aktiivsete sisu')).toBeInTheDocument();
  });
});
