import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ErrorBoundary } from '../src/app/ErrorBoundary.tsx';

function Broken(): never {
  throw new Error('boom');
}

describe('render errors (SPEC §2)', () => {
  it('show "Something went wrong!" / "Please try again." and Refresh reloads the page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(
      <ErrorBoundary resetKey="/menu">
        <Broken />
      </ErrorBoundary>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Something went wrong!' });
    expect(dialog.textContent).toContain('Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});
