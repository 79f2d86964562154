import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteError } from './RouteError.tsx';

/** Catches render errors (and lazy chunks that failed all retries) and shows SPEC §2's Refresh popup. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('render error', error, info.componentStack);
  }

  override componentDidUpdate(prev: { resetKey: string }): void {
    // navigating elsewhere gives the new screen a fresh chance
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
