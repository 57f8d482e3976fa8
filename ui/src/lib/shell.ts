/**
 * The one place that talks to the Tauri shell: the generated typed client over
 * `@tauri-apps/api`'s `invoke`. Everything else imports `shell()` from here.
 */
import { Channel as TauriChannel, invoke } from '@tauri-apps/api/core';
import { commands, type Channel } from './bindings/commands';
import type { AppError } from './bindings/AppError';
import { say } from './say';

export type Shell = ReturnType<typeof commands>;

let client: Shell | null = null;
let override: Shell | null = null;

/** The typed command client (a test double when one was installed with `setShell`). */
export function shell(): Shell {
  if (override) return override;
  client ??= commands((cmd, args) => invoke(cmd, args));
  return client;
}

/** Tests install a fake client here. */
export function setShell(fake: Shell | null): void {
  override = fake;
}

/**
 * A channel the shell sends on (a friends' table's messages): Tauri's, or a plain object while a test
 * double is installed (the fake calls its `onmessage`).
 */
export function channel<T>(onmessage: (message: T) => void): Channel<T> {
  return override ? { onmessage } : new TauriChannel<T>(onmessage);
}

/** True inside the Tauri webview (the IPC bridge exists). */
export function inShell(): boolean {
  return override !== null || (typeof window !== 'undefined' && '__TAURI_INTERNALS__' in window);
}

/**
 * A sentence for a rejected command in the player's language: an `AppError`'s `detail` worded
 * (`say`); its English `message` only when a detail is missing (an error from outside the app's
 * commands); anything else as text.
 */
export function errorMessage(e: unknown): string {
  if (e && typeof e === 'object' && 'detail' in e && (e as AppError).detail) return say((e as AppError).detail);
  if (e && typeof e === 'object' && 'message' in e && typeof (e as AppError).message === 'string') return (e as AppError).message;
  return String(e);
}

/** The `AppError` kind of a rejection, if it is one. */
export function errorKind(e: unknown): AppError['kind'] | null {
  return e && typeof e === 'object' && 'kind' in e ? (e as AppError).kind : null;
}
