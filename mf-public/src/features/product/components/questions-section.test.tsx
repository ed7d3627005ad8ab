import { act, fireEvent, screen } from '@testing-library/react';
import { ApiError } from 'shared-kernel/api';
import type { Comment } from 'shared-kernel/schemas';
import { mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { QuestionsSection } from './questions-section';

// GET /comments/:productId and POST /comments (with its body).
const listMock = jest.fn<Promise<Comment[]>, [number]>();
const postMock = jest.fn<Promise<Comment>, [unknown]>();

function question(id: number, userId: number, text: string, answer?: string): Comment {
  const base = { author: 'Mari M.', productId: 12, createdTs: '2025-01-01T10:00:00Z' };
  return {
    ...base, id, userId, comment: text, parentId: null,
    children: answer ? [{ ...base, id: id + 100, userId: 3, comment: answer, parentId: id, children: [] }] : [],
  } as unknown as Comment;
}

const settle = () => act(async () => undefined);
const askField = () => document.querySelector('textarea[name="question"]') as HTMLTextAreaElement;

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
    expect(await screen.findByTestId('answer')).toHaveTextContent('Jah.');
    expect(screen.getByRole('link', { name: 'Küsimuse esitamiseks logi sisse.' })).toHaveAttribute('href', expect.stringContaining('/public/login?goto='));
    expect(askField()).toBeNull();
  });

  it("refuses a third own question with 'Liiga palju sisestusi' and keeps the text", async () => {
    listMock.mockResolvedValue([question(1, 7, 'Esimene'), question(2, 7, 'Teine')]);
    renderWithPlatform(<QuestionsSection productId={12} ownerId={3} userId={7} />);
    expect(await screen.findAllByTestId('question')).toHaveLength(2);
    fireEvent.change(askField(), { target: { value: 'Kolmas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Küsi' }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Liiga palju sisestusi');
    expect(postMock).not.toHaveBeenCalled();
    expect(askField().value).toBe('Kolmas');
  });

  it("maps the server's TOO_MANY_ENTRIES to the same text, and an empty question never goes out", async () => {
    listMock.mockResolvedValue([]);
    postMock.mockRejectedValue(new ApiError({ status: 400, code: 'TOO_MANY_ENTRIES', message: 'x' }));
    renderWithPlatform(<QuestionsSection productId={12} ownerId={3} userId={7} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Küsi' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Küsimus on tühi.');
    fireEvent.change(askField(), { target: { value: 'Küsimus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Küsi' }));
    await settle();
    expect(postMock).toHaveBeenCalledWith({ comment: 'Küsimus', productId: 12 });
    expect(screen.getByRole('alert')).toHaveTextContent('Liiga palju sisestusi');
  });

  it('lets the owner answer an open question once; an empty answer is refused', async () => {
    listMock.mockResolvedValueOnce([question(1, 9, 'Kas on vaba?')]).mockResolvedValue([question(1, 9, 'Kas on vaba?', 'Jah, on.')]);
    postMock.mockResolvedValue(question(101, 3, 'Jah, on.'));
    renderWithPlatform(<QuestionsSection productId={12} ownerId={3} userId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Vasta' }));
    expect(askField()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Saada vastus' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Vastus on tühi.');
    fireEvent.change(document.querySelector('textarea[name="answer"]') as HTMLTextAreaElement, { target: { value: 'Jah, on.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Saada vastus' }));
    // The list is asked again after the answer is saved.
    expect(await screen.findByTestId('answer')).toHaveTextContent('Jah, on.');
    expect(postMock).toHaveBeenCalledWith({ comment: 'Jah, on.', productId: 12, parentId: 1 });
    expect(screen.queryByRole('button', { name: 'Vasta' })).toBeNull();
  });
});
