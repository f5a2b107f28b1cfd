import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredSection, NEAR_SCREEN_MARGIN, preloadDeferredSections } from './deferred-section.tsx';

/** A section with something to do: a button that counts its presses. */
function Counter() {
  const [presses, setPresses] = useState(0);
  return (
    <button type="button" onClick={() => setPresses((n) => n + 1)}>
      {`Pressed ${presses}`}
    </button>
  );
}

/** IntersectionObserver as the page sees it, with a hand on when an element comes near. */
function fakeIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; margin?: string; elements: Element[] }[] = [];
  class FakeObserver {
    private readonly entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, margin: options?.rootMargin, elements: [] };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.push(element);
    }
    disconnect() {
      this.entry.elements = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    comeNear() {
      for (const { callback, elements } of observers) {
        const entries = elements.map((target) => ({ target, isIntersecting: true }));
        if (entries.length)
          callback(entries as unknown as IntersectionObserverEntry[], {} as IntersectionObserver);
      }
    },
  };
}

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  container = undefined;
});

describe('a deferred section', () => {
  it('is in the pre-rendered HTML, fetched only when it nears the screen, then taken over as it is and interactive', async () => {
    // The pre-renderer's copy: the section's code loaded before the page is rendered to a string.
    const ServerSide = deferredSection('counter', async () => Counter);
    await preloadDeferredSections();
    const html = renderToString(<ServerSide />);
    expect(html).toContain('Pressed 0');

    container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const drawn = container.querySelector('button');
    const screenSide = fakeIntersectionObserver();
    const load = vi.fn(async () => Counter);
    const BrowserSide = deferredSection('counter', load);

    const root = await act(async () => hydrateRoot(container as HTMLElement, <BrowserSide />));
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('button')).toBe(drawn);
    expect(screenSide.observers[0]?.margin).toBe(NEAR_SCREEN_MARGIN);

    await act(async () => screenSide.comeNear());
    expect(load).toHaveBeenCalledTimes(1);
    // Taken over, not drawn again: the same button, now answering.
    expect(container.querySelector('button')).toBe(drawn);
    await act(async () => fireEvent.click(drawn as HTMLButtonElement));
    expect(drawn).toHaveTextContent('Pressed 1');
    act(() => root.unmount());
  });

  it('drawn by the app (a visit that started on another page), is fetched at once and shown when it arrives', async () => {
    fakeIntersectionObserver();
    const load = vi.fn(async () => Counter);
    const Section = deferredSection('counter-in-app', load);
    // Awaited: the section suspends until its code is there.
    await act(async () => {
      render(<Section />);
    });
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Pressed 0' }));
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();
  });

  it('whose code cannot be fetched (offline), leaves the page as it is without it', async () => {
    const Section = deferredSection('counter-offline', () => Promise.reject(new Error('offline')));
    await act(async () => {
      render(
        <main>
          <h1>Page</h1>
          <Section />
        </main>,
      );
    });
    expect(screen.getByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
