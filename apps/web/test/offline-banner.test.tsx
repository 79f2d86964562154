import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { OFFLINE_HEIGHT_VAR, OfflineBanner } from '../src/app/OfflineBanner.tsx';

const heightVar = () => document.documentElement.style.getPropertyValue(OFFLINE_HEIGHT_VAR);

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the offline banner', () => {
  it('says the connection is lost and gives the sticky headers and tabs its height to sit below', () => {
    // jsdom lays nothing out: the banner is as tall as a phone shows it
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(42);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByText('Internet connection Lost')).toBeNull();
    expect(heightVar()).toBe('');

    goOnline(false);
    expect(screen.getByRole('status').textContent).toBe('Internet connection Lost');
    expect(heightVar()).toBe('42px');

    goOnline(true);
    expect(screen.queryByText('Internet connection Lost')).toBeNull();
    expect(heightVar()).toBe('');
  });
});
