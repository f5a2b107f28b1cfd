import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnimatedCounter, formatCount } from './animated-counter.tsx';

/** A stand-in IntersectionObserver the test can trigger. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  options: IntersectionObserverInit | undefined;
  constructor(
    private callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeObserver.instances.push(this);
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
  show() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
  }
}

const shown = () => screen.getByTestId('counter-value').textContent;

describe('formatCount', () => {
  it('separates thousands', () => {
    expect(formatCount(15000, 'en')).toBe('15,000');
    expect(formatCount(1500, 'en')).toBe('1,500');
  });
});

describe('AnimatedCounter', () => {
  beforeEach(() => {
    FakeObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits at 0 until half of it is visible, then counts to the target in 2 s', () => {
    render(<AnimatedCounter value={15000} />);
    expect(shown()).toBe('0+');
    expect(FakeObserver.instances[0]?.options?.threshold).toBe(0.5);
    // Screen readers get the final number only.
    expect(screen.getByText('15,000+')).toHaveClass('sr-only');

    act(() => FakeObserver.instances[0]?.show());
    act(() => vi.advanceTimersByTime(1000));
    const halfway = Number(shown()?.replace(/\D/g, ''));
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(15000);

    act(() => vi.advanceTimersByTime(1100));
    expect(shown()).toBe('15,000+');
  });

  it('starts after its stagger delay', () => {
    render(<AnimatedCounter value={1500} delayMs={400} />);
    act(() => FakeObserver.instances[0]?.show());
    act(() => vi.advanceTimersByTime(390));
    expect(shown()).toBe('0+');
    act(() => vi.advanceTimersByTime(2100));
    expect(shown()).toBe('1,500+');
  });

  it('shows the final number at once when reduced motion is asked for', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      addEventListener() {},
      removeEventListener() {},
    }));
    render(<AnimatedCounter value={12000} />);
    expect(shown()).toBe('12,000+');
    expect(FakeObserver.instances).toHaveLength(0);
  });
});
