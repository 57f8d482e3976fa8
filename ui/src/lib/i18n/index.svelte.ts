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

/**
 * A placeholder: `{name}`, or `{name:one form|other form}` for a count worded by the language's
 * plural rules (`Intl.PluralRules`), `#` standing for the number ("{n:# smazzata|# smazzate}").
 */
export const PLACEHOLDER = /\{(\w+)(?::([^}]*))?\}/g;

/** The form of `forms` ("one|other") for `n` under `lang`'s plural rules, `#` replaced by `shown`. */
export function plural(forms: string, n: number, lang: string, shown: string): string {
  const [one, other = one] = forms.split('|');
  const form = Number.isFinite(n) && new Intl.PluralRules(lang).select(n) === 'one' ? one : other;
  return form.replaceAll('#', shown);
}

export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(PLACEHOLDER, (m, k: string, forms: string | undefined) => {
    if (!(k in params)) return m;
    const v = params[k];
    // A number already formatted for the language ("4,1") is not "one": its other form.
    return forms !== undefined ? plural(forms, typeof v === 'number' ? v : Number(v), i18n.lang, String(v)) : String(v);
  });
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
