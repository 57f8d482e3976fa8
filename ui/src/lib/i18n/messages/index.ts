/**
 * The templates of the messages Rust sends as data (hint reasons, errors, store warnings), per
 * language, keyed by message id; `{param}` names the message's parameters exactly (a test checks
 * them against the catalog generated from Rust). Worded by `../words.ts`.
 */
import type { Lang } from '../langs';
import { en } from './en';
import { es } from './es';
import { it } from './it';
import { pt } from './pt';

export type MessageTexts = Record<string, string>;

export const MESSAGE_TEXTS: Record<Lang, MessageTexts> = { it, es, en, pt };
