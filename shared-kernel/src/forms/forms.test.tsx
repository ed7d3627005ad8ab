import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'shared-kernel/zod';
import { on } from '../events';
import { NewPassword, RequiredEmail, RequiredText } from '../schemas';
import { PlatformProvider } from '../ui/platform-provider';
import { CheckboxField, Form, FORM_ERROR, FormError, FormField, SelectField, serverError, useZodForm, type UseFormReturn } from './index';

jest.setTimeout(30000);

const Schema = z
  .object({
    email: RequiredEmail,
    password: NewPassword,
    repeat: RequiredText,
    note: z.string(),
    terms: z.boolean().refine((v) => v, { error: 'Tingimused' }),
    size: RequiredText,
  })
  .refine((v) => v.password === v.repeat, { path: ['repeat'], error: 'Paroolid ei ühti.' });
type Values = z.input<typeof Schema>;
type Output = z.output<typeof Schema>;

let api: UseFormReturn<Values, unknown, Output>;

function Harness({ onSubmit }: { onSubmit: (values: Output) => void }) {
  const form = useZodForm(Schema, { defaultValues: { email: '', password: '', repeat: '', note: '', terms: false, size: '' } });
  api = form;
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Proov">
      <FormField<Values> name="email" label="E-post" type="email" required helperText="Sinu aadress" />
      <FormField<Values> name="password" label="Parool" type="password" required revalidates={['repeat']} />
      <FormField<Values> name="repeat" label="Parool uuesti" type="password" required />
      <FormField<Values> name="note" label="Märkus" multiline />
      <CheckboxField<Values> name="terms" label="Nõustun" required />
      <SelectField<Values> name="size" label="Suurus" placeholder="—" options={[{ value: 's', label: 'Väike' }]} required />
      <FormError testId="form-error" />
      <button type="submit">Saada</button>
    </Form>
  );
}

function setup() {
  const onSubmit = jest.fn();
  const user = userEvent.setup();
  render(
    <PlatformProvider>
      <Harness onSubmit={onSubmit} />
    </PlatformProvider>,
  );
  return { onSubmit, user };
}

const email = () => screen.getByRole('textbox', { name: 'E-post' });
const password = () => screen.getByLabelText('Parool');
const repeat = () => screen.getByLabelText('Parool uuesti');

describe('FormField', () => {
  it('renders label, helper text, required, type and a textarea for multiline', () => {
    setup();
    expect(email()).toHaveAttribute('type', 'email');
    expect(email()).toBeRequired();
    expect(email()).toHaveAccessibleDescription('Sinu aadress');
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('textbox', { name: 'Märkus' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Märkus' })).not.toBeRequired();
  });

  // Issue 25: one convention for every form: a hidden-from-readers asterisk after the label of a
  // required field (its control says `required`), nothing on an optional one; accessible names stay the labels.
  it('marks required fields the one way, and only those', () => {
    setup();
    // The mark follows the control's label, outside it (the label's text stays exactly the label).
    const marked = (control: HTMLElement) => {
      const id = control.getAttribute('id');
      const label = id ? document.querySelector(`label[for="${id}"]`) : control.closest('label');
      const next = label?.nextElementSibling;
      return next?.hasAttribute('data-required-mark') ? next : null;
    };
    for (const control of [
      email(),
      password(),
      screen.getByRole('combobox', { name: 'Suurus' }),
      screen.getByRole('checkbox', { name: 'Nõustun' }),
    ]) {
      expect(control).toBeRequired();
      expect(marked(control)).toHaveTextContent('*');
      expect(marked(control)).toHaveAttribute('aria-hidden', 'true');
      expect(marked(control)).toHaveAttribute('title', 'Kohustuslik');
    }
    expect(marked(screen.getByRole('textbox', { name: 'Märkus' }))).toBeNull();
    expect(document.querySelectorAll('[data-required-mark]')).toHaveLength(5);
  });

  it('shows the message only after the field is left, then keeps it current while typing', async () => {
    const { user } = setup();
    await user.type(email(), 'mari@');
    expect(email()).not.toHaveAccessibleErrorMessage();
    await user.tab();
    await waitFor(() => expect(email()).toHaveAccessibleErrorMessage('Vale email'));
    await user.clear(email());
    await waitFor(() => expect(email()).toHaveAccessibleErrorMessage('Kohustuslik'));
    await user.type(email(), 'mari@example.ee');
    await waitFor(() => expect(email()).not.toHaveAccessibleErrorMessage());
    // Never reached, so never judged.
    expect(repeat()).not.toHaveAccessibleErrorMessage();
  });

  it('shows every message after a submit attempt and sends only valid, trimmed values', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Saada' }));
    await waitFor(() => expect(email()).toHaveAccessibleErrorMessage('Kohustuslik'));
    expect(password()).toHaveAccessibleErrorMessage('Kohustuslik');
    expect(screen.getByRole('checkbox', { name: 'Nõustun' })).toHaveAccessibleErrorMessage('Tingimused');
    expect(screen.getByRole('combobox', { name: 'Suurus' })).toHaveAccessibleErrorMessage('Kohustuslik');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(email(), '  mari@example.ee ');
    await user.type(password(), 'Salasona1');
    await user.type(repeat(), 'Salasona1');
    await user.click(screen.getByRole('checkbox', { name: 'Nõustun' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Suurus' }), 'Väike');
    await user.click(screen.getByRole('button', { name: 'Saada' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      email: 'mari@example.ee',
      password: 'Salasona1',
      repeat: 'Salasona1',
      note: '',
      terms: true,
      size: 's',
    });
  });

  it('checks the repeat again when the password changes, but only once the repeat was reached', async () => {
    const { user } = setup();
    await user.type(password(), 'Salasona1');
    await user.type(password(), 'x');
    // The repeat was never reached: no message yet.
    expect(repeat()).not.toHaveAccessibleErrorMessage();
    await user.type(repeat(), 'Salasona1x');
    // Leaving the repeat for the password marks it touched; it matches.
    await user.type(password(), 'y');
    await waitFor(() => expect(repeat()).toHaveAccessibleErrorMessage('Paroolid ei ühti.'));
    await user.type(repeat(), 'y');
    await waitFor(() => expect(repeat()).not.toHaveAccessibleErrorMessage());
  });

  it("shows a server's field message until that field is edited", async () => {
    const { user } = setup();
    await user.type(email(), 'mari@example.ee');
    await user.tab();
    await waitFor(() => api.setError('email', serverError('Email on juba võetud.')));
    await waitFor(() => expect(email()).toHaveAccessibleErrorMessage('Email on juba võetud.'));
    // Editing another field leaves it.
    await user.type(password(), 'S');
    expect(email()).toHaveAccessibleErrorMessage('Email on juba võetud.');
    await user.type(email(), 'x');
    await waitFor(() => expect(email()).not.toHaveAccessibleErrorMessage());
  });

  it('shows a form-level server message as an alert until the next submit', async () => {
    const { user } = setup();
    await waitFor(() => api.setError(FORM_ERROR, serverError('Vale email või parool')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vale email või parool');
    await user.click(screen.getByRole('button', { name: 'Saada' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

// Issue 25: a form whose schema gave no text of its own showed zod's English ('Invalid input:
// expected boolean, received undefined') under its fields.
describe('useZodForm messages of rules without a text of their own', () => {
  const Bare = z.object({
    ticks: z.record(z.string(), z.boolean()),
    code: z.string().max(3),
    name: z.string().min(2),
    count: z.number().min(1),
    mail: z.email(),
    size: z.enum(['s', 'm']),
  });
  type BareValues = z.input<typeof Bare>;
  let bare: UseFormReturn<BareValues, unknown, z.output<typeof Bare>>;

  function BareHarness() {
    // `ticks.b` has no default: the checkbox a late list adds after the form was made.
    const form = useZodForm(Bare, {
      defaultValues: { ticks: { a: true }, code: 'ABCD', name: 'x', count: 0, mail: 'mari@', size: 'x' as 's' },
    });
    bare = form;
    return (
      <Form form={form} onSubmit={() => undefined} aria-label="Paljas">
        <CheckboxField<BareValues> name="ticks.a" label="A" />
        <CheckboxField<BareValues> name="ticks.b" label="B" />
        <FormField<BareValues> name="code" label="Kood" />
        <FormField<BareValues> name="name" label="Nimi" />
        <FormField<BareValues> name="mail" label="Meil" />
        <button type="submit">Saada</button>
      </Form>
    );
  }

  it('words each from the Estonian catalogue, never in English', async () => {
    const user = userEvent.setup();
    render(
      <PlatformProvider>
        <BareHarness />
      </PlatformProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Saada' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'B' })).toHaveAccessibleErrorMessage('Kohustuslik'));
    expect(screen.getByRole('textbox', { name: 'Kood' })).toHaveAccessibleErrorMessage('Liiga pikk: kuni 3 märki.');
    expect(screen.getByRole('textbox', { name: 'Nimi' })).toHaveAccessibleErrorMessage('Liiga lühike: vähemalt 2 märki.');
    expect(screen.getByRole('textbox', { name: 'Meil' })).toHaveAccessibleErrorMessage('Vale emaili aadress');
    expect(bare.getFieldState('count').error?.message).toBe('Väärtus peab olema vähemalt 1.');
    expect(bare.getFieldState('size').error?.message).toBe('Vali üks pakutud valikutest.');
    expect(document.body.textContent).not.toMatch(/Invalid|expected|received|Too (big|small)/);
  });
});

// Issue 28: a page can show a form before it has zod; the schema given as a loader is loaded at
// the first check, and the form checks and submits as with the schema itself.
describe('useZodForm with a schema loader', () => {
  const Small = z.object({ name: RequiredText });
  function Lazy({ onSubmit, load }: { onSubmit: (v: { name: string }) => void; load: () => Promise<typeof Small> }) {
    const form = useZodForm(load, { defaultValues: { name: '' } });
    return (
      <Form form={form} onSubmit={onSubmit} aria-label="Laisk">
        <FormField<{ name: string }> name="name" label="Nimi" required />
        <button type="submit">Saada</button>
      </Form>
    );
  }

  it('loads the schema at the first check, not before, and then checks and submits with it', async () => {
    const onSubmit = jest.fn();
    const load = jest.fn(async () => Small);
    const user = userEvent.setup();
    render(
      <PlatformProvider>
        <Lazy onSubmit={onSubmit} load={load} />
      </PlatformProvider>,
    );
    const name = screen.getByRole('textbox', { name: 'Nimi' });
    await user.type(name, 'x');
    await user.clear(name);
    expect(load).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Saada' }));
    await waitFor(() => expect(name).toHaveAccessibleErrorMessage('Kohustuslik'));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(name, '  Mari ');
    await user.click(screen.getByRole('button', { name: 'Saada' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Mari' }, expect.anything()));
    expect(load).toHaveBeenCalled();
  });

  it('says in Estonian that the check could not be made when the schema fails to load, sends nothing, and tries again', async () => {
    const notices: unknown[] = [];
    const off = on('notice', (notice) => notices.push(notice));
    const onSubmit = jest.fn();
    // Leaving the field for the button checks it, then the submit does: both loads fail.
    const load = jest
      .fn<Promise<typeof Small>, []>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue(Small);
    const user = userEvent.setup();
    render(
      <PlatformProvider>
        <Lazy onSubmit={onSubmit} load={load} />
      </PlatformProvider>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Nimi' }), 'Mari');
    await user.click(screen.getByRole('button', { name: 'Saada' }));
    await waitFor(() =>
      expect(notices).toEqual([expect.objectContaining({ type: 'error', message: 'Ühendus serveriga ebaõnnestus. Proovi uuesti.' })]),
    );
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Saada' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Mari' }, expect.anything()));
    // Told once, not at each failed check.
    expect(load).toHaveBeenCalledTimes(3);
    expect(notices).toHaveLength(1);
    off();
  });
});
