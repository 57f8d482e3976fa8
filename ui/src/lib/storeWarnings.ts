/**
 * Store warnings in the player's language. Rust sends each warning as data (`StoreWarning`:
 * an `id` and named parameters); this module words it with the `warning.<id>` message and the
 * warning's own fields as placeholders. The records below list every id and folder problem:
 * TypeScript refuses them if the generated bindings gain one that is not worded here.
 */
import type { FolderProblem } from './bindings/FolderProblem';
import type { StoreWarning } from './bindings/StoreWarning';
import { tk } from './i18n/index.svelte';

/** Every warning id (checked against the bindings by the type). */
export const WARNING_IDS = Object.keys({
  'not-saving': true,
  quarantined: true,
  'future-version': true,
  migrated: true,
  repaired: true,
  'torn-line': true,
  'unreadable-lines': true,
  'unreadable-matches': true,
  'unreadable-reviews': true,
} satisfies Record<StoreWarning['id'], true>) as StoreWarning['id'][];

/** Every folder problem of a `not-saving` warning. */
export const FOLDER_PROBLEMS = Object.keys({
  'read-only': true,
  'wrong-kind': true,
  symlink: true,
  'in-use': true,
  'too-large': true,
  other: true,
} satisfies Record<FolderProblem, true>) as FolderProblem[];

/** One warning as a sentence in the current language. */
export function warningText(w: StoreWarning): string {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(w)) {
    if (key === 'id') continue;
    params[key] = Array.isArray(value) ? value.join(', ') : (value as string | number);
  }
  if (w.id === 'not-saving') params.problem = tk(`warning.problem.${w.problem}`);
  // Repaired fields are named by the preferences' field paths; each has its words.
  if (w.id === 'repaired') params.fields = w.fields.map((f) => tk(`warning.field.${f}`)).join(', ');
  return tk(`warning.${w.id}`, params);
}

/** Whether the store saves nothing in this run (shown as a persistent banner). */
export function notSaving(warnings: readonly StoreWarning[]): boolean {
  return warnings.some((w) => w.id === 'not-saving');
}
