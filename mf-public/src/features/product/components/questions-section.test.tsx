import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-kernel/api';
import type { Comment } from 'shared-kernel/schemas';
import { mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { QuestionsSection } from './questions-section';

// GET /comments/:productId and POST /comments (with its body), answered below the slice's api calls
// so the real query options and mutations run.
const listMock = jest.fn<Promise<Comment[]>, [number]>();
const postMock = jest.fn<Promise<Comment>, [unknown]>();

function question(id: number, userId: number, text: string, answer?: string): Comment {
  const base = { author: 'Mari M.', productId: 12, createdTs: '2025-01-01T10:00:00Z' };
  return {
    ...base,
    id,
    userId,
    comment: text,
    parentId: null,
    children: answer ? [{ ...base, id: id + 100, userId: 3, comment: answer, parentId: id, children: [] }] : [],
  } as unknown as Comment;
}

jest.setTimeout(30000);
const settle = () => act(async () => undefined);
const askField = () => screen.queryByRole('textbox', { name: 'Sinu küsimus' });
const ask = () => screen.getByRole('button', { name: 'Küsi' });

beforeEach(() => {
  listMock.mockReset();
  postMock.mockReset();
  mockApi({
    'GET /comments/:productId': ({ params }) => listMock(Number(params.productId)),
    'POST /comments': ({ body }) => postMock(body),
  });
});

describe('QuestionsSection', () => {
  it('asks a visitor to sign in before asking', async () => {
    listMock.mockResolvedValue([question(1, 9, 'Kas on vaba?', 'Jah.')]);
    renderWithPlatform(<QuestionsSection productId={12} ownerId={3} userId={null} />, { route: '/public/detail-view/12' });
    await settle();
    expect(screen.getByTestId('answer')).toHaveTextContent('Jah.');
    expect(screen.getByRole('link', { name: 'Küsimuse esitamiseks logi sisse.' })).toHaveAttribute(
      'href',
      expect.stringContaining('/public/login?goto='),
    );
    expect(askField()).toBeNull();
  });

  it("refuses a third own question with 'Liiga palju sisestusi' and keeps the text", async () => {
    listMock.mockResolvedValue([question(1, 7, 'Esimene'), question(2, 7, 'Teine')]);
    const user = userEvent.setup();
    renderWithPlatform(<QuestionsSection productId={12} ownerId={3} userId={7} />);
    await settle();
    await user.type(askField()!, 'Kolmas');
    await user.click(ask());
    expect(await screen.findByRole('alert')).toHaveTextContent('Liiga palju sisestusi');
    expect(postMock).not.toHaveBeenCalled();
    expect(askField()).toHaveValue('Kolmas');
  });

  it("maps the server's TOO_MANY_ENTRIES to the same text, and an empty question never goes out", async () => {
    listMock.mockResolvedValue([]);
    postMock.mockRejectedValue(new ApiError({ status: 400, code: 'TOO_MANY_ENTRIES', message: 'x' }));
    const user = userEvent.setup();
    renderWithPlatform(<QuestionsSection productId={12} ownerId={3} userId={7} />);
    await settle();
    // Passing through the empty box is no error; asking with it empty is.
    await user.click(askField()!);
    await user.click(document.body);
    expect(askField()).not.toHaveAccessibleErrorMessage();
    await user.click(ask());
    await waitFor(() => expect(askField()).toHaveAccessibleErrorMessage('Küsimus on tühi.'));
    expect(postMock).not.toHaveBeenCalled();
    await user.type(askField()!, ' Küsimus ');
    await waitFor(() => expect(askField()).not.toHaveAccessibleErrorMessage());
    await user.click(ask());
    expect(await screen.findByRole('alert')).toHaveTextContent('Liiga palju sisestusi');
    expect(postMock).toHaveBeenCalledWith({ comment: 'Küsimus', productId: 12 });
  });

  it('says in Estonian to wait when the server refuses a question with 429 (issue 29)', async () => {
    listMock.mockResolvedValue([]);
    postMock.mockRejectedValue(new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'x' }));
    const user = userEvent.setup();
    renderWithPlatform(<QuestionsSection productId={12} ownerId={3} userId={7} />);
    await settle();
    await user.type(askField()!, 'Kas on vaba?');
    await user.click(ask());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Liiga palju sisestusi. Proovi mõne minuti pärast uuesti.');
    expect(alert).not.toHaveTextContent(/RATE_LIMITED|429/);
  });

  it('lets the owner answer an open question once; an empty answer is refused', async () => {
    listMock.mockResolvedValueOnce([question(1, 9, 'Kas on vaba?')]).mockResolvedValue([question(1, 9, 'Kas on vaba?', 'Jah, on.')]);
    postMock.mockResolvedValue(question(101, 3, 'Jah, on.'));
    const user = userEvent.setup();
    renderWithPlatform(<QuestionsSection productId={12} ownerId={3} userId={3} />);
    await settle();
    expect(askField()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Vasta' }));
    const answerField = await screen.findByRole('textbox', { name: 'Vastus' });
    await user.click(screen.getByRole('button', { name: 'Saada vastus' }));
    await waitFor(() => expect(answerField).toHaveAccessibleErrorMessage('Vastus on tühi.'));
    expect(postMock).not.toHaveBeenCalled();
    await user.type(answerField, 'Jah, on.');
    await user.click(screen.getByRole('button', { name: 'Saada vastus' }));
    expect(await screen.findByTestId('answer')).toHaveTextContent('Jah, on.');
    expect(postMock).toHaveBeenCalledWith({ comment: 'Jah, on.', productId: 12, parentId: 1 });
    expect(screen.queryByRole('button', { name: 'Vasta' })).toBeNull();
  });
});
