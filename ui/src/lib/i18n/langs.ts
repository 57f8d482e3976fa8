export const LANGS = ['it', 'es', 'en', 'pt'] as const;
export type Lang = (typeof LANGS)[number];

/** Each language named in itself, for the language picker. */
export const LANG_NAMES: Record<Lang, string> = { it: 'Italiano', es: 'Español', en: 'English', pt: 'Português' };

/** Picks the best supported language from a list like navigator.languages; English otherwise. */
export function detectLang(preferred: readonly string[] | undefined): Lang {
  for (const tag of preferred ?? []) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if ((LANGS as readonly string[]).includes(base)) return base as Lang;
    // Galician and Catalan speakers most likely read Spanish or Portuguese comfortably.
    if (base === 'ca' || base === 'eu') return 'es';
    if (base === 'gl') return 'pt';
  }
  return 'en';
}
