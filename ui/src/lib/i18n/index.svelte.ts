import { en, type MessageKey, type Messages } from './en';
import { it } from './it';
import { es } from './es';
import { pt } from './pt';
import { detectLang, type Lang } from './langs';

export { LANGS, LANG_NAMES, detectLang, type Lang } from './langs';
export type { MessageKey, Messages } from './en';

export const DICTS: Record<Lang, Messages> = { it, es, en, pt };

export function systemLang(): Lang {
  if (typeof navigator === 'undefined') return 'en';
  return detectLang(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** The current language: reactive, so `t()` in markup re-renders when it changes. */
export const i18n = $state<{ lang: Lang }>({ lang: systemLang() });

export function setLang(lang: Lang): void {
  i18n.lang = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** Translate a key in the current language. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return format(DICTS[i18n.lang][key] ?? en[key] ?? key, params);
}

/** Translate a key built at run time (e.g. option labels); falls back to English, then to the key. */
export function tk(key: string, params?: Record<string, string | number>): string {
  const d = DICTS[i18n.lang] as Record<string, string>;
  return format(d[key] ?? (en as Record<string, string>)[key] ?? key, params);
}
