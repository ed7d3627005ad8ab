import { useQuery } from '@tanstack/react-query';
import { Suspense, use } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '../testing';
import { RemoteWidget } from './remote-widget';
import { defineWidget } from './widget-contracts';
import { setPlatformHost } from './widget-host';

const hello = defineWidget<{ who?: string }>('mf-x/hello', 1);
const counter = defineWidget<Record<never, never>>('mf-x/counter', 1);
const broken = defineWidget<Record<never, never>>('mf-x/broken', 1);

function Hello({ who }: { who?: string }) {
  return <p>Tere, {who}</p>;
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).__rendimePlatformHost;
});

describe('RemoteWidget', () => {
  it('renders the loaded widget with its props', async () => {
    setPlatformHost({ hasWidget: () => true, loadWidget: async () => Hello as never });
    renderWithPlatform(<RemoteWidget contract={hello} props={{ who: 'Mari' }} />);
    expect(await screen.findByText('Tere, Mari')).toBeInTheDocument();
  });

  it("gives the widget the host slice's query client, so both share one cache", async () => {
    function Counter() {
      const { data } = useQuery({ queryKey: ['unread'], queryFn: async () => 0, staleTime: Infinity });
      return <p>Lugemata: {data}</p>;
    }
    setPlatformHost({ hasWidget: () => true, loadWidget: async () => Counter as never });
    const { queryClient } = renderWithPlatform(<RemoteWidget contract={counter} />);
    queryClient.setQueryData(['unread'], 3);
    expect(await screen.findByText('Lugemata: 3')).toBeInTheDocument();
  });

  it('holds loadingMinH while the widget loads, and lets the widget size itself once it is in', async () => {
    let arrive: (w: never) => void = () => {};
    setPlatformHost({ hasWidget: () => true, loadWidget: () => new Promise((resolve) => (arrive = resolve)) });
    renderWithPlatform(<RemoteWidget contract={hello} props={{ who: 'Mari' }} loadingMinH="24rem" />);
    expect(screen.getByTestId('widget-mf-x-hello')).toHaveStyle({ minHeight: '24rem' });
    arrive(Hello as never);
    expect(await screen.findByText('Tere, Mari')).toBeInTheDocument();
    expect(screen.queryByTestId('widget-mf-x-hello')).not.toHaveStyle({ minHeight: '24rem' });
  });

  it("keeps its loader, not the page's fallback, while an arrived widget is still rendering", async () => {
    // The widget renders in a transition (issue 28: in slices, not one long task); a render that
    // waits for something keeps what was shown instead of blanking the page around it.
    let ready: (v: string) => void = () => {};
    const text = new Promise<string>((resolve) => (ready = resolve));
    function Waiting() {
      return <p>{use(text)}</p>;
    }
    let arrive: (w: never) => void = () => {};
    setPlatformHost({ hasWidget: () => true, loadWidget: () => new Promise((resolve) => (arrive = resolve)) });
    renderWithPlatform(
      <Suspense fallback={<p>Leht laadib</p>}>
        <RemoteWidget contract={hello} />
      </Suspense>,
    );
    await act(async () => {
      arrive(Waiting as never);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText('Leht laadib')).not.toBeInTheDocument();
    expect(screen.getByTestId('widget-mf-x-hello')).toHaveAttribute('data-state', 'loading');
    await act(async () => ready('Tere, Kadri'));
    expect(await screen.findByText('Tere, Kadri')).toBeInTheDocument();
  });

  it('shows the unavailable text when no slice offers the widget', () => {
    setPlatformHost({ hasWidget: () => false, loadWidget: async () => Hello as never });
    renderWithPlatform(<RemoteWidget contract={hello} unavailable="Broneerimine tuleb peagi" />);
    expect(screen.getByText('Broneerimine tuleb peagi')).toBeInTheDocument();
  });

  it('shows a fallback when loading fails and loads again on retry', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(Hello);
    setPlatformHost({ hasWidget: () => true, loadWidget: load });
    renderWithPlatform(<RemoteWidget contract={hello} props={{ who: 'Jaan' }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Proovi uuesti' }));
    expect(await screen.findByText('Tere, Jaan')).toBeInTheDocument();
    await waitFor(() => expect(load).toHaveBeenLastCalledWith('mf-x', 'hello', 1));
  });

  it('quiet: a chrome decoration shows neither a loader nor a retry box when its slice is down', async () => {
    setPlatformHost({ hasWidget: () => true, loadWidget: jest.fn().mockRejectedValue(new Error('down')) });
    renderWithPlatform(<RemoteWidget contract={hello} quiet />);
    await waitFor(() => expect(screen.getByTestId('widget-mf-x-hello')).toHaveAttribute('data-state', 'failed'));
    expect(screen.getByTestId('widget-mf-x-hello')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Proovi uuesti' })).not.toBeInTheDocument();
  });

  it('contains a widget that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    jest.spyOn(console, 'error').mockImplementation(() => {});
    setPlatformHost({ hasWidget: () => true, loadWidget: async () => Broken as never });
    renderWithPlatform(
      <div>
        <p>Muu sisu</p>
        <RemoteWidget contract={broken} />
      </div>,
    );
    expect(await screen.findByText('Seda osa ei õnnestunud laadida')).toBeInTheDocument();
    expect(screen.getByText('Muu sisu')).toBeInTheDocument();
  });
});
