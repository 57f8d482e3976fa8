import type { Lang } from '../i18n/langs';
import type { RulesBook } from './types';
import { en } from './en';
import { it } from './it';
import { es } from './es';
import { pt } from './pt';

export type { RulesBook, PresetRules, RulesSection } from './types';

/** Rules and tips of every preset, per language (written for players, from the source texts). */
export const RULES: Record<Lang, RulesBook> = { it, es, en, pt };
