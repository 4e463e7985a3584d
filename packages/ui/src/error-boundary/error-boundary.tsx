import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashPanel } from '../lifecycles/crash-panel';

export interface ErrorBoundaryProps {
  /** The package's name as the crash panel shows it. */
  label: string;
  /** Called once per caught error: hand it to the error log. */
  onError?: (error: Error, info: ErrorInfo) => void;
  /** Replaces the crash panel. */
  fallback?: (error: Error) => ReactNode;
  /** When any of these change, a crashed tree renders again (e.g. the route). */
  resetKeys?: readonly unknown[];
  children?: ReactNode;
}

interface State {
  error: Error | null;
  keys: readonly unknown[] | undefined;
}

const changed = (a: readonly unknown[] = [], b: readonly unknown[] = []) =>
  a.length !== b.length || a.some((value, i) => !Object.is(value, b[i]));

/** Keeps a crash inside its package: renders the crash panel and reports the error through `onError`. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, keys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    if (state.error && changed(props.resetKeys, state.keys)) return { error: null, keys: props.resetKeys };
    if (changed(props.resetKeys, state.keys)) return { keys: props.resetKeys };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const err = error instanceof Error ? error : new Error(String(error));
    try {
      this.props.onError?.(err, info);
    } catch (reportError) {
      // A broken reporter must not take the crash panel down with it.
      console.error(reportError);
    }
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.fallback ? (
      this.props.fallback(error)
    ) : (
      <CrashPanel label={this.props.label} error={error} />
    );
  }
}
